// The score history (issue 26, decision 205): the in-company score after each review round, and each
// competency's ratings, as a hand-written SVG line chart. One series shows at a time (chosen with
// radio buttons); each round is a point reached with Tab and the arrow keys, named with its date and
// value, with a label on focus and hover; the same figures are in a table behind 'Show as table'.
// Shared by the person's employment details and the workspace's employee detail.
import '../../styles/score-history.css';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { highestScore, lowestScore, ratingScale, ratingValue, type Rating } from '../../../contract/employment-scores.ts';
import { scoreHistory, type HistoryCompetency, type HistoryRound } from '../../../contract/score-history.ts';
import type { Locale } from '../../../contract/locale.ts';
import { formatDate } from '../../lib/dates.ts';
import type { Translate } from '../../i18n/translator.ts';
import { formatScore } from './ScoreCard.tsx';

interface Props {
  competencies: readonly HistoryCompetency[];
  /** The rounds in any order (the API lists them newest first). */
  reviews: readonly HistoryRound[];
  locale: Locale;
  t: Translate;
}

/** One round of the shown series: its value on the 1–6 scale, or why it has none. */
interface Point {
  reviewId: number;
  date: string;
  value: number | null;
  /** Why a point has no value: rated N/A, or not rated in that round. */
  gap?: 'na' | 'unrated';
  /** What the point says: 'Excellent (5 of 6)', '4.75 of 6', 'N/A, not counted', 'Not rated in this round'. */
  text: string;
}

const overall = 'score';
/** The plot's height and its margins, in CSS pixels (the width follows the card). */
const height = 248;
const top = 14;
const bottom = 46;
const plotHeight = height - top - bottom;
/** A date in two lines, the year on the second ('Mar 31,' / '2026', '31 березня' / '2026 р.'), so a phone fits more rounds. */
function dateLines(label: string): [string, string] {
  const match = /^(.*\S)\s+(\d{4}\D*)$/.exec(label);
  return match ? [match[1]!, match[2]!] : [label, ''];
}

/** A round's column is at least as wide as its date's longer line (12 px text, about 6.4 px a character) and a gap: the chart scrolls instead of crowding. */
const columnFor = (label: string) => Math.max(72, Math.ceil(Math.max(...dateLines(label).map((line) => line.length)) * 6.4) + 14);
const fallbackWidth = 560;

const yOf = (value: number) => top + ((highestScore - value) / (highestScore - lowestScore)) * plotHeight;

/** An SVG path through the points that have a value; a point without one breaks the line. */
function linePath(points: readonly Point[], xOf: (i: number) => number): string {
  let path = '';
  let pen = false;
  points.forEach((p, i) => {
    if (p.value === null) {
      pen = false;
      return;
    }
    path += `${pen ? 'L' : 'M'}${xOf(i).toFixed(1)} ${yOf(p.value).toFixed(1)}`;
    pen = true;
  });
  return path;
}

/** The width of `element`, kept current as the card resizes. */
function useWidth(element: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(fallbackWidth);
  useEffect(() => {
    const node = element.current;
    if (!node) return;
    const measure = () => setWidth(node.clientWidth || fallbackWidth);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    return () => observer.disconnect();
  }, [element]);
  return width;
}

export default function ScoreHistory({ competencies, reviews, locale, t }: Props) {
  const id = useId();
  const history = useMemo(() => scoreHistory(competencies, reviews), [competencies, reviews]);
  const [series, setSeries] = useState<string>(overall);
  const rounds = history.score.length;
  const [active, setActive] = useState(rounds - 1);
  const [hovered, setHovered] = useState<number | null>(null);
  const [focused, setFocused] = useState(false);
  const scroller = useRef<HTMLDivElement>(null);
  const pointRefs = useRef<(SVGGElement | null)[]>([]);
  const width = useWidth(scroller);

  if (rounds === 0) return null;
  const current = Math.min(active, rounds - 1);
  const date = (day: string) => formatDate(day, locale);
  const ratingWords = (rating: Rating) =>
    t('rating.value', { rating: t(`rating.${rating}`), value: ratingValue(rating) ?? 0, max: highestScore });
  const scoreWords = (score: number) => t('scoreHistory.scoreValue', { score: formatScore(score, locale), max: highestScore });

  const scorePoints: Point[] = history.score.map((p) => ({
    reviewId: p.reviewId,
    date: p.reviewedOn,
    value: p.score,
    ...(p.score === null ? { gap: 'na' as const } : {}),
    text: p.score === null ? t('scoreHistory.noScore') : scoreWords(p.score),
  }));
  const chosen = history.competencies.find((c) => String(c.competencyId) === series);
  const points: Point[] = chosen
    ? chosen.points.map((p) => ({
        reviewId: p.reviewId,
        date: p.reviewedOn,
        value: p.value,
        ...(p.rating === null ? { gap: 'unrated' as const } : p.rating === 'na' ? { gap: 'na' as const } : {}),
        text: p.rating === null ? t('scoreHistory.notRated') : p.rating === 'na' ? t('scoreHistory.notApplicable') : ratingWords(p.rating),
      }))
    : scorePoints;
  const seriesName = chosen ? chosen.name : t('scoreHistory.overall');

  const chartWidth = Math.max(width, rounds * Math.max(...points.map((p) => columnFor(date(p.date)))));
  const column = chartWidth / rounds;
  const xOf = (i: number) => column * (i + 0.5);

  const valued = points.filter((p) => p.value !== null);
  const summary =
    rounds === 1
      ? t('scoreHistory.single', { value: points[0]!.text, date: date(points[0]!.date) })
      : valued.length === 0
        ? t('scoreHistory.noneYet')
        : valued.length === 1
          ? t('scoreHistory.once', { value: valued[0]!.text, date: date(valued[0]!.date) })
          : t('scoreHistory.summary', {
              first: valued[0]!.text,
              from: date(valued[0]!.date),
              last: valued.at(-1)!.text,
              to: date(valued.at(-1)!.date),
            });

  const move = (event: KeyboardEvent, index: number) => {
    const next = { ArrowRight: index + 1, ArrowDown: index + 1, ArrowLeft: index - 1, ArrowUp: index - 1, Home: 0, End: rounds - 1 }[
      event.key
    ];
    if (next === undefined) return;
    event.preventDefault();
    const target = Math.max(0, Math.min(rounds - 1, next));
    setActive(target);
    pointRefs.current[target]?.focus();
  };

  const shown = hovered ?? (focused ? current : null);
  const tip = shown === null ? null : points[shown]!;
  const tipX = shown === null ? 0 : xOf(shown);
  const tipAlign = tipX < 96 ? 'start' : tipX > chartWidth - 96 ? 'end' : 'middle';
  const tipY = tip?.value != null ? yOf(tip.value) - 12 : top + plotHeight / 2;

  const scale = ratingScale.filter((r) => r !== 'na').reverse();
  const titleId = `${id}-title`;
  const hintId = `${id}-hint`;
  const reference = chosen ? linePath(scorePoints, xOf) : '';

  return (
    <figure className="score-history" aria-labelledby={titleId}>
      <figcaption className="score-history-caption">
        <span className="score-history-series-name" id={titleId}>
          {t('scoreHistory.chartTitle', { name: seriesName })}
        </span>
        <span className="score-history-summary" data-testid="score-history-summary">
          {summary}
        </span>
      </figcaption>
      {history.competencies.length ? (
        <fieldset className="score-history-choice">
          <legend className="visually-hidden">{t('scoreHistory.choose')}</legend>
          {[
            { key: overall, name: t('scoreHistory.overall') },
            ...history.competencies.map((c) => ({ key: String(c.competencyId), name: c.name })),
          ].map((option) => (
            <label key={option.key} className="score-history-option">
              <input
                type="radio"
                name={`${id}-series`}
                value={option.key}
                checked={series === option.key}
                onChange={() => setSeries(option.key)}
              />
              <span>{option.name}</span>
            </label>
          ))}
        </fieldset>
      ) : null}
      <div className="score-history-chart">
        <div className="score-history-axis" aria-hidden="true" style={{ height }}>
          {/* In the flow but unseen: gives the column the width of its longest name (the ticks are placed absolutely). */}
          <span className="score-history-axis-sizer">
            {scale.map((rating) => (
              <span key={rating} className="score-history-tick-sizer">
                <span className="score-history-tick-name">{t(`rating.${rating}`)}</span>
                <span className="score-history-tick-value">{ratingValue(rating)}</span>
              </span>
            ))}
          </span>
          {scale.map((rating) => (
            <span key={rating} className="score-history-tick" style={{ top: yOf(ratingValue(rating)!) }}>
              <span className="score-history-tick-name">{t(`rating.${rating}`)}</span>
              <span className="score-history-tick-value">{ratingValue(rating)}</span>
            </span>
          ))}
        </div>
        <div className="score-history-scroll" ref={scroller}>
          <div className="score-history-canvas" style={{ width: chartWidth, height }}>
            <svg
              width={chartWidth}
              height={height}
              viewBox={`0 0 ${chartWidth} ${height}`}
              role="group"
              aria-labelledby={titleId}
              aria-describedby={hintId}
              data-series={chosen ? chosen.competencyId : overall}
            >
              <g aria-hidden="true">
                {scale.map((rating) => (
                  <line
                    key={rating}
                    className="score-history-grid"
                    x1={0}
                    x2={chartWidth}
                    y1={yOf(ratingValue(rating)!)}
                    y2={yOf(ratingValue(rating)!)}
                  />
                ))}
                {points.map((p, i) => (
                  <text key={p.reviewId} className="score-history-date" x={xOf(i)} y={height - bottom + 20} textAnchor="middle">
                    {dateLines(date(p.date)).map((line, n) => (
                      <tspan key={n} x={xOf(i)} dy={n === 0 ? 0 : 14}>
                        {line}
                      </tspan>
                    ))}
                  </text>
                ))}
                {reference ? <path className="score-history-reference" d={reference} /> : null}
                <path className="score-history-line" d={linePath(points, xOf)} />
              </g>
              {points.map((p, i) => {
                const x = xOf(i);
                return (
                  <g
                    key={p.reviewId}
                    ref={(node) => {
                      pointRefs.current[i] = node;
                    }}
                    className="score-history-point"
                    data-empty={p.value === null ? '' : undefined}
                    data-active={shown === i ? '' : undefined}
                    role="img"
                    aria-label={t('scoreHistory.point', { date: date(p.date), value: p.text })}
                    tabIndex={i === current ? 0 : -1}
                    onFocus={() => {
                      setActive(i);
                      setFocused(true);
                    }}
                    onBlur={() => setFocused(false)}
                    onKeyDown={(event) => move(event, i)}
                    onMouseEnter={() => setHovered(i)}
                    onMouseLeave={() => setHovered(null)}
                  >
                    <rect className="score-history-hit" x={x - column / 2} y={0} width={column} height={height} />
                    {p.value === null ? (
                      <>
                        <rect
                          className="score-history-ring"
                          x={x - column / 2 + 3}
                          y={height - bottom + 4}
                          width={column - 6}
                          height={bottom - 8}
                          rx={6}
                        />
                        {/* A band over the whole round, so the gap's word is never read as a value. */}
                        <rect className="score-history-gap-band" x={x - 20} y={top} width={40} height={plotHeight} rx={6} />
                        <text className="score-history-gap" x={x} y={top + plotHeight / 2 + 4} textAnchor="middle">
                          {p.gap === 'na' ? t('rating.na') : '–'}
                        </text>
                      </>
                    ) : (
                      <>
                        <circle className="score-history-ring" cx={x} cy={yOf(p.value)} r={10} />
                        <circle className="score-history-dot" cx={x} cy={yOf(p.value)} r={5.5} />
                      </>
                    )}
                  </g>
                );
              })}
            </svg>
            {tip ? (
              <div className="score-history-tip" data-align={tipAlign} aria-hidden="true" style={{ left: tipX, top: tipY }}>
                <span className="score-history-tip-date">{date(tip.date)}</span>
                <span>{tip.text}</span>
              </div>
            ) : null}
          </div>
        </div>
      </div>
      <p className="visually-hidden" id={hintId}>
        {t('scoreHistory.keys')}
      </p>
      {chosen ? (
        <p className="score-history-legend" aria-hidden="true">
          <span className="score-history-legend-line" /> {chosen.name}
          <span className="score-history-legend-line" data-reference="" /> {t('scoreHistory.overall')}
        </p>
      ) : null}
      <details className="score-history-table">
        <summary>{t('scoreHistory.showTable')}</summary>
        <div className="score-history-table-wrap">
          <table>
            <caption className="visually-hidden">{t('scoreHistory.tableCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('scoreHistory.round')}</th>
                <th scope="col">{t('scoreHistory.overall')}</th>
                {history.competencies.map((c) => (
                  <th key={c.competencyId} scope="col">
                    {c.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {history.score.map((round, i) => (
                <tr key={round.reviewId}>
                  <th scope="row">{date(round.reviewedOn)}</th>
                  <td data-label={t('scoreHistory.overall')}>{scorePoints[i]!.text}</td>
                  {history.competencies.map((c) => {
                    const rating = c.points[i]!.rating;
                    return (
                      <td key={c.competencyId} data-label={c.name}>
                        {rating === null
                          ? t('scoreHistory.notRated')
                          : rating === 'na'
                            ? t('scoreHistory.notApplicable')
                            : ratingWords(rating)}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
