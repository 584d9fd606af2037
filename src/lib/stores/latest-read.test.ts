// A list read more than once keeps the answer of the read that began last (decision 226).
import { atom } from 'nanostores';
import { describe, expect, it } from 'vitest';
import { latestRead } from './latest-read.ts';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((done, fail) => ((resolve = done), (reject = fail)));
  return { promise, resolve, reject };
}

/** Two reads of one list, the second begun before the first answered; each answers when told. */
function twoOverlappingReads() {
  const answers = [deferred<number[]>(), deferred<number[]>()];
  let call = 0;
  const list = atom<number[] | null>(null);
  const read = latestRead(list, () => answers[call++]!.promise);
  const earlier = read();
  const later = read();
  return { answers, list, earlier, later };
}

describe('latestRead', () => {
  it('is not asked before its first read, and is asked while that read is under way', async () => {
    const first = deferred<number[]>();
    const list = atom<number[] | null>(null);
    const read = latestRead(list, () => first.promise);
    expect(read.asked()).toBe(false);
    const reading = read();
    expect(read.asked()).toBe(true);
    expect(list.get()).toBeNull();
    first.resolve([1]);
    await reading;
    expect(list.get()).toEqual([1]);
  });

  it('drops an earlier read answering last, and keeps the later one', async () => {
    const { answers, list, earlier, later } = twoOverlappingReads();
    answers[1]!.resolve([1, 2]);
    await later;
    expect(list.get()).toEqual([1, 2]);
    answers[0]!.resolve([1]);
    await earlier;
    expect(list.get()).toEqual([1, 2]);
  });

  it('keeps each answer of reads that do not overlap', async () => {
    const values = [[1], []];
    const list = atom<number[] | null>(null);
    const read = latestRead(list, async () => values.shift()!);
    await read();
    expect(list.get()).toEqual([1]);
    await read();
    expect(list.get()).toEqual([]);
  });

  it('fails only the caller whose read failed', async () => {
    const { answers, list, earlier, later } = twoOverlappingReads();
    answers[1]!.reject(new Error('offline'));
    answers[0]!.resolve([1]);
    await expect(later).rejects.toThrow('offline');
    await expect(earlier).resolves.toBeUndefined();
    expect(list.get()).toBeNull();
  });
});
