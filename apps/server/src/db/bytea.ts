/** A bytea column's value as a Buffer: PGlite answers bytea as a Uint8Array, node-postgres as a Buffer. */
export const bufferOf = (bytes: Uint8Array): Buffer =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
