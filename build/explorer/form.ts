// The parameter pickers of one operation, built from its manifest entry: a select per code or year (with
// names), a multi-select for addArea and addTec, a number for offsets. Only parameters that take effect
// with the values chosen so far are shown; each change hands the new values back.

import { DOMAINS } from '../runtime/domains.ts';
import type { ExplorerOperation, ManifestParam } from '../runtime/manifest-types.ts';
import { PARAM_TYPES } from '../runtime/params.ts';
import { domainList, listOf, namesOf, paramNames } from './names.ts';
import { choices } from './state.ts';
import { h } from './dom.ts';

export async function paramFields(
  op: ExplorerOperation,
  values: Record<string, string>,
  onChange: (values: Record<string, string>) => void,
): Promise<HTMLElement[]> {
  const change = (name: string, value: string) => onChange({ ...values, [name]: value });
  const fields: HTMLElement[] = [];
  for (const p of op.params) {
    const type = PARAM_TYPES[p.type];
    if (!(p.name in values) && !type.list) continue;
    const id = `param-${p.name}`;
    // A list picks several entries: regions of the scope, or codes of its domain.
    const control = !type.list
      ? await singlePicker(op, p, values, id, change)
      : type.region === 'regions'
        ? await areasPicker(op, p, values, id, change)
        : await codesPicker(p, values, id, change);
    if (!control) continue;
    fields.push(
      h('div', { class: 'field' }, [
        h('label', { for: id }, [p.name, p.required ? '' : h('span', { class: 'optional' }, [' (optional)'])]),
        control,
        h('small', { id: `${id}-doc` }, [p.doc]),
      ]),
    );
  }
  return fields;
}

async function singlePicker(
  op: ExplorerOperation,
  p: ManifestParam,
  values: Record<string, string>,
  id: string,
  change: (n: string, v: string) => void,
) {
  const allowed = choices(op, p, values);
  const current = values[p.name] ?? '';
  if (allowed === null) {
    const input = h('input', {
      id,
      type: 'number',
      inputmode: 'numeric',
      min: String(p.min ?? 0),
      value: current,
      'aria-describedby': `${id}-doc`,
    }) as HTMLInputElement;
    if (p.max !== undefined) input.max = String(p.max);
    input.addEventListener('change', () => change(p.name, input.value));
    return input;
  }
  const names = await paramNames(p, values);
  const all = PARAM_TYPES[p.type].dashIsAll ? 'すべて / all' : '';
  const options = allowed.map((v) => {
    const name = v === '-' ? p.open || all || '-' : names[v];
    return h('option', { value: v, ...(v === current ? { selected: '' } : {}) }, [
      name ? (v === '-' ? name : `${v} ${name}`) : v,
    ]);
  });
  if (allowed.length === 0) options.push(h('option', { value: '', selected: '' }, ['(none for these choices)']));
  // A shared link's value the parameter does not take stays shown, beside the API's error, not another in its place.
  else if (current !== '' && !allowed.includes(current))
    options.unshift(h('option', { value: current, selected: '' }, [`${current} (not offered)`]));
  const select = h('select', { id, 'aria-describedby': `${id}-doc` }, options) as HTMLSelectElement;
  select.addEventListener('change', () => change(p.name, select.value));
  return select;
}

/** Prefectures of the build as `<pref>_` for a prefecture's answer; for a municipality's, the chosen prefecture's municipalities as `<pref>_<city>`. */
async function areasPicker(
  op: ExplorerOperation,
  p: ManifestParam,
  values: Record<string, string>,
  id: string,
  change: (n: string, v: string) => void,
) {
  const prefParam = op.params.find(
    (q) => PARAM_TYPES[q.type].region === 'prefecture' && q.name === (p.pref ?? 'prefCode'),
  );
  const cityParam = op.params.find((q) => PARAM_TYPES[q.type].region === 'municipality');
  const city = cityParam ? (values[cityParam.name] ?? '-') : '-';
  const options: [string, string][] = [];
  if (city === '-' || !cityParam || !p.list?.entry.includes('cityCode')) {
    const prefNames = await namesOf(prefParam && listOf(prefParam));
    // The nation (-), where the prefecture parameter takes it, is no region to add.
    for (const code of (prefParam?.values as (number | string)[] | undefined) ?? [])
      if (code !== '-') options.push([`${code}_`, `${code} ${prefNames[code] ?? ''}`]);
  } else {
    const pref = values[prefParam?.name ?? 'prefCode'] ?? '';
    const names = await paramNames(cityParam, values);
    for (const c of choices(op, cityParam, values) ?? [])
      if (c !== '-' && c !== city) options.push([`${pref}_${c}`, `${c} ${names[c] ?? ''}`]);
  }
  return multiPicker(p, values, id, options, change);
}

/** The parent domain's codes as `<tec>_` and each one's codes as `<tec>_<theme>` (technology fields and their themes). */
async function codesPicker(
  p: ManifestParam,
  values: Record<string, string>,
  id: string,
  change: (n: string, v: string) => void,
) {
  const byField = (p.values ?? {}) as Record<string, string[]>;
  const parent = p.domain && DOMAINS[p.domain].parent;
  const fieldNames = await namesOf(parent && domainList(parent));
  const options: [string, string][] = [];
  for (const [tec, themes] of Object.entries(byField)) {
    options.push([`${tec}_`, `${tec} ${fieldNames[tec] ?? ''}`]);
    const themeNames = await namesOf(p.domain && domainList(p.domain), tec);
    for (const theme of themes) options.push([`${tec}_${theme}`, `　${tec}_${theme} ${themeNames[theme] ?? ''}`]);
  }
  return multiPicker(p, values, id, options, change);
}

function multiPicker(
  p: ManifestParam,
  values: Record<string, string>,
  id: string,
  options: [string, string][],
  change: (n: string, v: string) => void,
) {
  const chosen = new Set((values[p.name] ?? '').split(',').filter(Boolean));
  const select = h(
    'select',
    { id, multiple: '', size: '6', 'aria-describedby': `${id}-doc` },
    options.map(([v, label]) => h('option', { value: v, ...(chosen.has(v) ? { selected: '' } : {}) }, [label])),
  ) as HTMLSelectElement;
  select.addEventListener('change', () => {
    const picked = [...select.selectedOptions].map((o) => o.value);
    change(p.name, picked.slice(0, p.list?.max ?? picked.length).join(','));
  });
  return select;
}
