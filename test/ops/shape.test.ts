import { describe, expect, it } from 'vitest';
import { shapeDiff } from '../helpers/shape.ts';

describe('shape oracle', () => {
  const real = {
    message: null,
    result: {
      data: [
        { year: 2010, positive: [{ code: '01', value: 3 }], total: { value: 1 } },
        { year: 2011, total: { value: 2 } },
      ],
    },
  };
  it('accepts a response with the same keys, order and types', () => {
    expect(shapeDiff({ message: null, result: { data: [{ year: 1, total: { value: 5 } }] } }, real)).toEqual([]); // positive is optional
    expect(
      shapeDiff(
        { message: null, result: { data: [{ year: 1, positive: [{ value: 1 }], total: { value: 5 } }] } },
        real,
      ),
    ).toEqual(['$.result.data[].positive[].code: missing']);
    expect(shapeDiff(real, real)).toEqual([]);
  });
  it('catches key order, extra keys, missing keys and type changes', () => {
    expect(shapeDiff({ message: null, result: { data: [{ total: { value: 1 }, year: 2010 }] } }, real)).toContain(
      '$.result.data[]: key order total,year vs year,positive,total',
    );
    expect(
      shapeDiff({ message: null, result: { data: [{ year: 2010, extra: 1, total: { value: 1 } }] } }, real),
    ).toContain('$.result.data[].extra: not in the real response');
    expect(shapeDiff({ message: null, result: { data: [{ year: 2010 }] } }, real)).toContain(
      '$.result.data[].total: missing',
    );
    expect(shapeDiff({ message: null, result: { data: [{ year: '2010', total: { value: 1 } }] } }, real)).toContain(
      '$.result.data[].year: string vs number',
    );
  });
});
