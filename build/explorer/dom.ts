// A small element builder: attributes as strings, children as nodes or text (text is never parsed as HTML).

export function h(tag: string, attrs: Record<string, string> = {}, children: (Node | string)[] = []): HTMLElement {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  for (const c of children) el.append(c);
  return el;
}

/** Markdown code spans as <code>, the rest as text. */
export function codeSpans(text: string): Node[] {
  return text.split(/`([^`]*)`/).map((part, i) => (i % 2 ? h('code', {}, [part]) : document.createTextNode(part)));
}
