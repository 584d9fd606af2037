// Where the toaster sits (decision 239, amending 176): never over the header's
// search nor over the control the person just used. Phones (up to 40rem): at the top, under the whole
// header (its bar and the search row under it, measured, not assumed), unless the control just used
// is in the header (its search suggestions and menus open below it) or would be under the toasts;
// then at the bottom. Wider screens: SPEC §9's bottom right, unless the control just used is there;
// then at the top right, under the header.

/** A rectangle in viewport pixels, as getBoundingClientRect gives it. */
export interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

export interface PlacementInput {
  viewport: { width: number; height: number };
  /** The header's bottom edge (0 when the page has none, or it scrolled away). */
  headerBottom: number;
  /** The control the person just used (the focused element); null when none. */
  control: Box | null;
  /** Whether that control is in the header (its search, the language switch, a menu). */
  controlInHeader: boolean;
  /** The toasts' height as shown (an estimate before they are). */
  stackHeight: number;
  /** The toaster's width on wide screens. */
  stackWidth: number;
  /** Room kept between the toasts and the screen's or header's edge. */
  gap: number;
}

export type ToastEdge = 'top' | 'bottom';

export interface ToastPlacement {
  edge: ToastEdge;
  /** For the top edge: how far from the top of the screen the first toast starts. */
  top: number;
}

/** The widest screen that counts as a phone: 40rem at the 16 px root size. */
export const narrowScreenMaxPx = 640;

const overlaps = (a: Box, b: Box) => a.top < b.bottom && b.top < a.bottom && a.left < b.right && b.left < a.right;

/** Where the toasts go for `input` (pure: the toaster measures, this decides). */
export function toastPlacement(input: PlacementInput): ToastPlacement {
  const { viewport, headerBottom, control, controlInHeader, stackHeight, stackWidth, gap } = input;
  const top = Math.max(0, headerBottom) + gap;
  const narrow = viewport.width <= narrowScreenMaxPx;
  if (narrow) {
    const band: Box = { top, bottom: top + stackHeight + gap, left: 0, right: viewport.width };
    const covered = controlInHeader || (control !== null && overlaps(control, band));
    return { edge: covered ? 'bottom' : 'top', top };
  }
  const band: Box = {
    top: viewport.height - gap - stackHeight - gap,
    bottom: viewport.height,
    left: viewport.width - gap - stackWidth - gap,
    right: viewport.width,
  };
  const covered = control !== null && !controlInHeader && overlaps(control, band);
  return { edge: covered ? 'top' : 'bottom', top };
}
