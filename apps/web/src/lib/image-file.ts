/** Pictures the app draws for the member to keep (a QR to pay from the gallery, a receipt). */

/** Downloads the picture under its name (the phone keeps it in downloads or the gallery). */
export function savePicture(picture: Blob, fileName: string): void {
  const url = URL.createObjectURL(picture);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started well before this; the address is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/** Whether this browser can hand a picture to the phone's share sheet (Web Share with files). */
export function canSharePictures(): boolean {
  if (typeof navigator.share !== 'function' || typeof navigator.canShare !== 'function')
    return false;
  try {
    return navigator.canShare({
      files: [new File([new Uint8Array(1)], 'picture.png', { type: 'image/png' })],
    });
  } catch {
    return false;
  }
}

/** A colour of the app's theme (brand colours come from the operator), for drawing on a canvas. */
export function themeColor(name: string, fallback: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}
