// The score history chart's geometry (decision 205), apart from its React: where a round's column and
// point stand, the line through the rounds, and where the label goes. Pure functions of the values and
// the card's width, in CSS pixels; the component (src/components/careers/ScoreHistory.tsx) draws them.
import { highestScore, lowestScore } from '../../../contract/employment-scores.ts';

/** The plot's height and its margins (the width follows the card). */
export const chartHeight = 248;
export const chartTop = 14;
export const chartBottom = 46;
export const plotHeight = chartHeight - chartTop - chartBottom;
/** The card's width before it is measured. */
export const fallbackChartWidth = 560;

/** A date in two lines, the year on the second ('Mar 31,' / '2026', '31 березня' / '2026 р.'), so a phone fits more rounds. */
export function dateLines(label: string): [string, string] {
  const match = /^(.*\S)\s+(\d{4}\D*)$/.exec(label);
  return match ? [match[1]!, match[2]!] : [label, ''];
}

/** A round's column is at least as wide as its date's longer line (12 px text, about 6.4 px a character) and a gap: the chart scrolls instead of crowding. */
export const columnFor = (label: string) => Math.max(72, Math.ceil(Math.max(...dateLines(label).map((line) => line.length)) * 6.4) + 14);

/** The height of a value on the 1–6 scale: the highest at the plot's top. */
export const yOf = (value: number) => chartTop + ((highestScore - value) / (highestScore - lowestScore)) * plotHeight;

/** The chart's columns: as wide as the card, or wider (and scrolled) when the rounds' dates need it. */
export interface ChartLayout {
  width: number;
  column: number;
  /** The middle of round `i`'s column. */
  xOf: (i: number) => number;
}

/** The layout of one column per round, each date label given, in a card `cardWidth` wide. */
export function chartLayout(dateLabels: readonly string[], cardWidth: number): ChartLayout {
  const rounds = dateLabels.length;
  const width = Math.max(cardWidth, rounds * Math.max(...dateLabels.map(columnFor)));
  const column = width / rounds;
  return { width, column, xOf: (i) => column * (i + 0.5) };
}

/** An SVG path through the values that are there; a missing one (null) breaks the line. */
export function linePath(values: readonly (number | null)[], xOf: (i: number) => number): string {
  let path = '';
  let pen = false;
  values.forEach((value, i) => {
    if (value === null) {
      pen = false;
      return;
    }
    path += `${pen ? 'L' : 'M'}${xOf(i).toFixed(1)} ${yOf(value).toFixed(1)}`;
    pen = true;
  });
  return path;
}

/** Where a point's label stands: over the point (mid-plot for a gap), kept inside the chart at its ends. */
export function tipPlacement(x: number, value: number | null, chartWidth: number): { align: 'start' | 'middle' | 'end'; y: number } {
  return {
    align: x < 96 ? 'start' : x > chartWidth - 96 ? 'end' : 'middle',
    y: value !== null ? yOf(value) - 12 : chartTop + plotHeight / 2,
  };
}
