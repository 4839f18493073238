/**
 * The zoom a small image starts at, so it shows at least ~64 px wide with its pixels kept sharp: an icon or a
 * 20×20 test image at 400%, a 48×32 thumbnail at 200%. Larger images start at 100%; the user zooms either way.
 * Whole powers of two, so the zoom buttons (which halve and double) step back to 100%.
 */
export function startingZoom(naturalWidth: number | undefined): number {
  if (naturalWidth === undefined || naturalWidth <= 0) return 1;
  if (naturalWidth <= 32) return 4;
  if (naturalWidth <= 64) return 2;
  return 1;
}
