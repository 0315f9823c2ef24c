import { Mark, markPasteRule, mergeAttributes, type PasteRuleMatch } from '@tiptap/core';
import { isHistoryTransaction } from '@tiptap/pm/history';
import { Plugin } from '@tiptap/pm/state';

// A lesson's link mark, lighter than TipTap's Link (whose URL finder, linkifyjs, is a tenth of the
// studio's download): the links a lesson may keep are few (SAFE_LINK), so a URL is found by pattern.
// What an author sees is the same: a typed address becomes a link at the next space or Enter, a
// pasted address is a link, an address pasted over selected text links that text, and no unsafe
// address is kept from pasted HTML or the link field.

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    link: {
      /** Links the selection (false when the address is not one a lesson keeps). */
      setLink: (attributes: { href: string; title?: string | null }) => ReturnType;
      /** Removes the link around the selection. */
      unsetLink: () => ReturnType;
    };
  }
}

/** Links the lesson allow-list keeps: http(s), mailto, a path on the site, an anchor. */
export const SAFE_LINK = /^(?:https?:|mailto:|\/(?!\/)|#)/i;

// An address as people write it in text: with its scheme, or starting `www.`; a host has a dot.
const ADDRESS =
  /(?:https?:\/\/|www\.)[^\s/?#<>"]+\.[^\s/?#<>"]+(?:[/?#][^\s<>"]*)?|mailto:[^\s@<>"]+@[^\s<>"]+/gi;

/** Sentence punctuation after an address is not part of it; a closing bracket is when it pairs. */
function trimAddress(text: string): string {
  let end = text.length;
  for (;;) {
    const last = text[end - 1];
    if (last && '.,;:!?\'"'.includes(last)) end--;
    else if (last === ')' || last === ']') {
      const head = text.slice(0, end);
      const open = last === ')' ? '(' : '[';
      if (head.split(open).length >= head.split(last).length) break;
      end--;
    } else break;
  }
  return text.slice(0, end);
}

interface Address {
  /** Where it starts in the text searched. */
  index: number;
  text: string;
  href: string;
}

/** The addresses in a text, each with the link it makes (`www.` gains https://). */
export function findAddresses(text: string): Address[] {
  return [...text.matchAll(ADDRESS)].map((match) => {
    const found = trimAddress(match[0]);
    return { index: match.index, text: found, href: /^www\./i.test(found) ? `https://${found}` : found };
  });
}

/** The address that is the whole of `text` (a word, a pasted string), or null. */
function wholeAddress(text: string): Address | null {
  const [only] = findAddresses(text.trim());
  return only && only.text === text.trim() ? only : null;
}

export const LessonLink = Mark.create({
  name: 'link',
  priority: 1000,
  keepOnSplit: false,
  exitable: true,
  // Typing at a link's end writes plain text, so the space that ends an address is not linked.
  inclusive: false,

  addAttributes() {
    return {
      href: { default: null, parseHTML: (element) => element.getAttribute('href') },
      title: { default: null },
    };
  },

  parseHTML() {
    return [
      {
        tag: 'a[href]',
        getAttrs: (element) => (SAFE_LINK.test(element.getAttribute('href')?.trim() ?? '') ? null : false),
      },
    ];
  },

  renderHTML({ HTMLAttributes }) {
    const safe = SAFE_LINK.test(String(HTMLAttributes.href ?? '').trim());
    return ['a', mergeAttributes(HTMLAttributes, safe ? {} : { href: '' }), 0];
  },

  markdownTokenName: 'link',

  parseMarkdown: (token, helpers) =>
    helpers.applyMark('link', helpers.parseInline(token.tokens ?? []), {
      href: token.href,
      title: token.title || null,
    }),

  renderMarkdown: (node, helpers) => {
    const href = node.attrs?.href ?? '';
    const title = node.attrs?.title ?? '';
    const text = helpers.renderChildren(node);
    return title ? `[${text}](${href} "${title}")` : `[${text}](${href})`;
  },

  addCommands() {
    return {
      setLink:
        (attributes) =>
        ({ chain }) =>
          SAFE_LINK.test(attributes.href.trim()) &&
          chain().setMark(this.name, attributes).setMeta('preventAutolink', true).run(),
      unsetLink:
        () =>
        ({ chain }) =>
          chain().unsetMark(this.name, { extendEmptyMarkRange: true }).setMeta('preventAutolink', true).run(),
    };
  },

  addPasteRules() {
    return [
      markPasteRule({
        type: this.type,
        find: (text) =>
          findAddresses(text).map(
            (address): PasteRuleMatch => ({ index: address.index, text: address.text, data: address }),
          ),
        getAttributes: (match) => ({ href: (match.data as Address).href }),
      }),
    ];
  },

  addProseMirrorPlugins() {
    const type = this.type;
    return [
      new Plugin({
        // A typed address becomes a link when a space or Enter ends it (not in code, not on undo).
        appendTransaction: (transactions, oldState, state) => {
          if (
            oldState.doc.eq(state.doc) ||
            transactions.some((tr) => tr.getMeta('preventAutolink') || isHistoryTransaction(tr))
          )
            return null;
          const { $from, empty } = state.selection;
          if (!empty) return null;
          // The text block the word was typed in, and where the word ends in it.
          let $block = $from;
          let text = $from.parent.textBetween(0, $from.parentOffset, undefined, '\ufffc');
          let end: number;
          if (/\s$/.test(text)) end = text.length - 1;
          else if ($from.parentOffset === 0 && $from.depth > 0 && $from.before() > 1) {
            $block = state.doc.resolve($from.before() - 1);
            if (!$block.parent.isTextblock) return null;
            text = $block.parent.textBetween(0, $block.parentOffset, undefined, '\ufffc');
            end = text.length;
          } else return null;
          const word = /\S+$/.exec(text.slice(0, end));
          if (!word || !$block.parent.type.allowsMarkType(type)) return null;
          // One address, opening no more than a bracket (a word like `(https://a.org),` links its address).
          const [address, more] = findAddresses(word[0]);
          if (!address || more || !/^[([]?$/.test(word[0].slice(0, address.index))) return null;
          const from = $block.start() + word.index + address.index;
          const to = from + address.text.length;
          const code = state.schema.marks.code;
          if (state.doc.rangeHasMark(from, to, type) || (code && state.doc.rangeHasMark(from, to, code)))
            return null;
          return state.tr.addMark(from, to, type.create({ href: address.href }));
        },
        props: {
          // An address pasted over selected text links that text.
          handlePaste: (view, _event, slice) => {
            if (view.state.selection.empty) return false;
            const address = wholeAddress(slice.content.textBetween(0, slice.content.size, ' '));
            if (!address) return false;
            view.dispatch(
              view.state.tr
                .addMark(
                  view.state.selection.from,
                  view.state.selection.to,
                  type.create({ href: address.href }),
                )
                .setMeta('preventAutolink', true),
            );
            return true;
          },
        },
      }),
    ];
  },
});
