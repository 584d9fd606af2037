import { describe, expect, it } from 'vitest';
import { comboboxKey, type ComboboxKeyState } from './combobox-keys.ts';

const closed: ComboboxKeyState = { open: false, active: -1, count: 4, hasText: true, clearsOnEscape: true };
const openAt = (active: number, more: Partial<ComboboxKeyState> = {}): ComboboxKeyState => ({ ...closed, open: true, active, ...more });

describe('the one combobox keyboard model', () => {
  it('opens a closed list with the arrows: down on the first option (Alt+Down on none), up on the last', () => {
    expect(comboboxKey('ArrowDown', closed)).toEqual({ kind: 'open', active: 0, handled: true });
    expect(comboboxKey('ArrowDown', closed, true)).toEqual({ kind: 'open', active: -1, handled: true });
    expect(comboboxKey('ArrowUp', closed)).toEqual({ kind: 'open', active: 3, handled: true });
    expect(comboboxKey('ArrowDown', { ...closed, count: 0 })).toEqual({ kind: 'open', active: -1, handled: true });
  });

  it('moves through an open list, wrapping at both ends', () => {
    expect(comboboxKey('ArrowDown', openAt(-1))).toMatchObject({ kind: 'move', active: 0 });
    expect(comboboxKey('ArrowDown', openAt(1))).toMatchObject({ kind: 'move', active: 2 });
    expect(comboboxKey('ArrowDown', openAt(3))).toMatchObject({ kind: 'move', active: 0 });
    expect(comboboxKey('ArrowUp', openAt(0))).toMatchObject({ kind: 'move', active: 3 });
    expect(comboboxKey('ArrowUp', openAt(-1))).toMatchObject({ kind: 'move', active: 3 });
    expect(comboboxKey('ArrowUp', openAt(2))).toMatchObject({ kind: 'move', active: 1 });
    expect(comboboxKey('ArrowDown', openAt(-1, { count: 0 }))).toMatchObject({ kind: 'move', active: -1 });
  });

  it('takes Home and End into the list only while an option is active, and never where they are the caret’s', () => {
    expect(comboboxKey('Home', openAt(2))).toEqual({ kind: 'move', active: 0, handled: true });
    expect(comboboxKey('End', openAt(1))).toEqual({ kind: 'move', active: 3, handled: true });
    expect(comboboxKey('Home', openAt(-1))).toEqual({ kind: 'none', handled: false });
    expect(comboboxKey('End', closed)).toEqual({ kind: 'none', handled: false });
    expect(comboboxKey('Home', openAt(2, { homeEndInText: true }))).toEqual({ kind: 'none', handled: false });
  });

  it('chooses the active option with Enter, and leaves Enter to the field without one', () => {
    expect(comboboxKey('Enter', openAt(1))).toEqual({ kind: 'choose', index: 1, handled: true });
    expect(comboboxKey('Enter', openAt(-1))).toEqual({ kind: 'none', handled: false });
    expect(comboboxKey('Enter', closed)).toEqual({ kind: 'none', handled: false });
  });

  it('closes with Escape, clears a closed field where allowed, and otherwise leaves Escape to the dialog around', () => {
    expect(comboboxKey('Escape', openAt(1))).toEqual({ kind: 'close', handled: true });
    expect(comboboxKey('Escape', closed)).toEqual({ kind: 'clear', handled: true });
    expect(comboboxKey('Escape', { ...closed, hasText: false })).toEqual({ kind: 'none', handled: false });
    expect(comboboxKey('Escape', { ...closed, clearsOnEscape: false })).toEqual({ kind: 'none', handled: false });
  });

  it('closes on Tab without keeping focus, and ignores other keys', () => {
    expect(comboboxKey('Tab', openAt(0))).toEqual({ kind: 'close', handled: false });
    expect(comboboxKey('Tab', closed)).toEqual({ kind: 'none', handled: false });
    expect(comboboxKey('a', openAt(0))).toEqual({ kind: 'none', handled: false });
  });
});
