import { describe, expect, it } from 'vitest';
import { floorPercent, growth, percent, ratio } from '../../build/runtime/rounding.ts';

describe('rounding from counts', () => {
  it('rounds percentages to 2 decimals, halves away from zero', () => {
    expect(percent(1681479, 5039206)).toBe(33.37); // Hokkaido 1960, 年少人口
    expect(percent(1, 8)).toBe(12.5);
    expect(percent(12345, 100000)).toBe(12.35); // 12.345 exactly: a float quotient would give 12.34
    expect(percent(-12345, 100000)).toBe(-12.35);
    expect(percent(1, 3)).toBe(33.33);
    expect(percent(2, 3)).toBe(66.67);
  });

  it('floors the pyramid shares', () => {
    expect(floorPercent(3212, 7610)).toBe(42);
    expect(floorPercent(705, 7610)).toBe(9);
    expect(floorPercent(7610, 7610)).toBe(100);
  });

  it('gives growth from five years earlier', () => {
    expect(growth(1702, 1550)).toBe(9.81);
    expect(growth(12707, 12817)).toBe(-0.86);
    expect(growth(100, 100)).toBe(0);
  });

  it('answers null rather than dividing by zero', () => {
    expect(percent(5, 0)).toBeNull();
    expect(floorPercent(5, 0)).toBeNull();
    expect(growth(5, 0)).toBeNull();
    expect(ratio(0, 7, 4)).toBe(0);
  });
});
