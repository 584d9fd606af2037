import { describe, expect, it } from 'vitest';
import { chartLayout, chartTop, columnFor, dateLines, linePath, plotHeight, tipPlacement, yOf } from './score-chart.ts';

describe('dateLines', () => {
  it('puts the year on a line of its own, in either language', () => {
    expect(dateLines('Mar 31, 2026')).toEqual(['Mar 31,', '2026']);
    expect(dateLines('31 березня 2026 р.')).toEqual(['31 березня', '2026 р.']);
    expect(dateLines('yesterday')).toEqual(['yesterday', '']);
  });
});

describe('columnFor', () => {
  it('is at least 72 px, wider for a long date line', () => {
    expect(columnFor('Mar 31, 2026')).toBe(72);
    expect(columnFor('31 листопада 2026 р.')).toBe(Math.ceil('31 листопада'.length * 6.4) + 14);
  });
});

describe('yOf', () => {
  it('puts the highest score at the plot’s top and the lowest at its bottom', () => {
    expect(yOf(6)).toBe(chartTop);
    expect(yOf(1)).toBe(chartTop + plotHeight);
    expect(yOf(3.5)).toBe(chartTop + plotHeight / 2);
  });
});

describe('chartLayout', () => {
  it('shares the card’s width among the rounds when they fit', () => {
    const layout = chartLayout(['Mar 31, 2026', 'Apr 30, 2026'], 560);
    expect(layout).toMatchObject({ width: 560, column: 280 });
    expect([layout.xOf(0), layout.xOf(1)]).toEqual([140, 420]);
  });

  it('grows past the card (and scrolls) when the dates need more room', () => {
    const layout = chartLayout(
      Array.from({ length: 10 }, () => 'Mar 31, 2026'),
      390,
    );
    expect(layout).toMatchObject({ width: 720, column: 72 });
  });
});

describe('linePath', () => {
  const xOf = (i: number) => i * 10;

  it('draws through the values and lifts the pen at a gap', () => {
    expect(linePath([6, 1], xOf)).toBe(`M0.0 ${yOf(6).toFixed(1)}L10.0 ${yOf(1).toFixed(1)}`);
    expect(linePath([6, null, 1], xOf)).toBe(`M0.0 ${yOf(6).toFixed(1)}M20.0 ${yOf(1).toFixed(1)}`);
    expect(linePath([null, null], xOf)).toBe('');
  });
});

describe('tipPlacement', () => {
  it('stands over the point, mid-plot for a gap, and inside the chart at its ends', () => {
    expect(tipPlacement(300, 6, 600)).toEqual({ align: 'middle', y: yOf(6) - 12 });
    expect(tipPlacement(300, null, 600)).toEqual({ align: 'middle', y: chartTop + plotHeight / 2 });
    expect(tipPlacement(40, 3, 600).align).toBe('start');
    expect(tipPlacement(560, 3, 600).align).toBe('end');
  });
});
