// A strict little XML parser for tests of the JUnit output: elements,
// attributes (quoted, entity-decoded), text and the XML declaration; it throws
// on anything not well-formed (a stray `<` or `&`, unclosed or crossed tags).
export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(text: string): string {
  return text.replace(/&([a-z]+|#\d+|#x[0-9a-fA-F]+);|&/g, (all, name: string | undefined) => {
    if (!name) throw new Error('a bare & in XML text');
    if (name.startsWith('#x')) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    const e = ENTITIES[name];
    if (e === undefined) throw new Error(`unknown entity ${all}`);
    return e;
  });
}

export function parseXml(xml: string): XmlElement {
  let i = 0;
  const body = xml.replace(/^<\?xml[^?]*\?>\s*/, '');
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  const tag = /<(\/?)([A-Za-z_][\w.-]*)((?:\s+[A-Za-z_][\w.-]*="[^"<]*")*)\s*(\/?)>/y;
  while (i < body.length) {
    const lt = body.indexOf('<', i);
    const text = body.slice(i, lt === -1 ? body.length : lt);
    if (text.trim() !== '') {
      if (!stack.length) throw new Error('text outside the root element');
      stack[stack.length - 1]!.text += decode(text);
    }
    if (lt === -1) break;
    tag.lastIndex = lt;
    const m = tag.exec(body);
    if (!m) throw new Error(`malformed tag at ${lt}: ${body.slice(lt, lt + 40)}`);
    const [, close, name, rawAttrs, selfClose] = m;
    if (close) {
      const open = stack.pop();
      if (!open || open.name !== name) throw new Error(`</${name}> does not close <${open?.name}>`);
    } else {
      const attrs: Record<string, string> = {};
      for (const a of rawAttrs!.matchAll(/([A-Za-z_][\w.-]*)="([^"]*)"/g)) attrs[a[1]!] = decode(a[2]!);
      const el: XmlElement = { name: name!, attrs, children: [], text: '' };
      if (stack.length) stack[stack.length - 1]!.children.push(el);
      else if (root) throw new Error('two root elements');
      else root = el;
      if (!selfClose) stack.push(el);
    }
    i = tag.lastIndex;
  }
  if (stack.length || !root) throw new Error('unclosed elements');
  return root;
}
