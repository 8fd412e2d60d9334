// Which figures of an operation are official, in the words the docs page and the explorer show (the
// origin itself is worked out by the build, build/core/origin.ts, and published in manifest.json).

export type Kind = 'official' | 'partly official' | 'synthetic';
export type Level = 'all' | 'prefecture' | 'municipality';

export interface LevelOrigin {
  kind: Kind;
  /** The official sources of its figures, as the dataset words them. */
  official?: string[];
  /** Its tables whose figures are synthetic. */
  synthetic?: string[];
}

/** `prefecture` and `municipality` (wards included) for operations that take cityCode; `all` otherwise. */
export type OperationOrigin = Partial<Record<Level, LevelOrigin>>;

const WHERE: Record<Level, string> = {
  all: 'All figures',
  prefecture: 'Prefectures',
  municipality: 'Municipalities and wards',
};

/** One level in words: its kind, and where it is official, where it is not. */
function levelText(o: LevelOrigin): string {
  if (o.kind === 'synthetic') return 'synthetic';
  const official = o.official!.join('; ');
  return o.kind === 'official'
    ? `official (${official})`
    : `partly official (official: ${official}; synthetic: ${o.synthetic!.join(', ')})`;
}

/** The origin in one line, as the docs page shows it. */
export function originLine(o: OperationOrigin): string {
  return (Object.entries(o) as [Level, LevelOrigin][])
    .map(([level, l]) => `${WHERE[level]}: ${levelText(l)}.`)
    .join(' ');
}

/** What the explorer says of one answer: the origin at the level asked for (a municipality when cityCode names one). */
export function originOfAnswer(o: OperationOrigin, cityCode: string | undefined): string {
  const l = o.all ?? (cityCode && cityCode !== '-' ? o.municipality : o.prefecture)!;
  if (l.kind === 'synthetic')
    return 'These figures are synthetic: generated at random by the sample provider, not official statistics.';
  return `These figures are ${levelText(l)}.`;
}
