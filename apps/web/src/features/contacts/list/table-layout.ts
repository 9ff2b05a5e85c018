import { type ListColumn, LOCKED_COLUMN } from '../column-settings';

// How the desktop contacts table lays out its columns: the name column pinned next to the
// checkboxes, and every header wide enough to show its label on one line.

/** Widths of the pinned selection and row-actions columns. */
export const SELECT_WIDTH = 44;
export const ACTIONS_WIDTH = 56;

/** Header cells pad 10 px each side; a few more pixels keep font hinting from cutting a letter. */
const HEADER_PADDING = 26;
/** Longer labels are cut with an ellipsis (their full text is the header's title). */
const MAX_HEADER_WIDTH = 280;
/** Without a canvas to measure with (tests), a semibold 14 px character is taken as 9.5 px. */
const FALLBACK_CHAR_PX = 9.5;

let context: OffscreenCanvasRenderingContext2D | null | undefined;
const measured = new Map<string, number>();

/** The width of a header label in the page's own font (semibold, Mantine's sm size). */
export function measureHeaderLabel(label: string): number {
  if (context === undefined) {
    context = typeof OffscreenCanvas === 'undefined' ? null : new OffscreenCanvas(1, 1).getContext('2d');
    if (context) {
      const root = Number.parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
      context.font = `600 ${root * 0.875}px ${getComputedStyle(document.body).fontFamily}`;
    }
  }
  if (!context) return label.length * FALLBACK_CHAR_PX;
  let width = measured.get(label);
  if (width === undefined) {
    width = context.measureText(label).width;
    measured.set(label, width);
  }
  return width;
}

/** The column's width: the organisation's width, widened so its header label is not cut. */
export function columnWidth(
  column: Pick<ListColumn, 'label' | 'width'>,
  measure: (label: string) => number = measureHeaderLabel,
): number {
  const label = Math.min(MAX_HEADER_WIDTH, Math.ceil(measure(column.label)) + HEADER_PADDING);
  return Math.max(column.width, label);
}

/** The visible columns split into the pinned name column and the scrolling rest, in the user's order. */
export function splitColumns(columns: readonly ListColumn[]): {
  pinned: ListColumn | null;
  rest: ListColumn[];
} {
  const visible = columns.filter((column) => column.visible);
  const pinned = visible.find((column) => column.key === LOCKED_COLUMN) ?? null;
  return { pinned, rest: visible.filter((column) => column !== pinned) };
}

/** The table's least width: every column at its width plus the two pinned edges. */
export function tableMinWidth(columns: readonly ListColumn[]): number {
  return columns
    .filter((column) => column.visible)
    .reduce((sum, column) => sum + columnWidth(column), SELECT_WIDTH + ACTIONS_WIDTH);
}
