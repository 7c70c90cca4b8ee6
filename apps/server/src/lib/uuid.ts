const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether the text is a UUID in its 8-4-4-4-12 hex spelling, in either case. */
export const isUuid = (text: string): boolean => UUID.test(text);
