// The article editor's content model beside the component (RichTextEditor.tsx): the video player node,
// how a block goes in after the caret, YouTube's embed code read as players, the link shortcut, and how
// a value from outside the editor is loaded as a fresh start.
import { Extension, Node, mergeAttributes, type Editor, type JSONContent } from '@tiptap/react';
import { EditorState, NodeSelection, TextSelection } from '@tiptap/pm/state';
import { allowedEmbedSrc, keptInArticleHtml } from '../../../../domain';
import { editorTexts as t } from './texts';
/** The attributes the server gives every player (api/article-html.ts), so a saved article reads back the same. */
const playerAttributes = {
  allow: 'fullscreen; picture-in-picture; encrypted-media',
  allowfullscreen: '',
  loading: 'lazy',
  referrerpolicy: 'strict-origin-when-cross-origin',
  sandbox: 'allow-scripts allow-same-origin allow-presentation allow-popups',
};

/** A YouTube (no-cookie) or Vimeo player: the only frame an article may hold. */
export const VideoEmbed = Node.create({
  name: 'videoEmbed',
  group: 'block',
  atom: true,
  draggable: true,
  addAttributes() {
    // The player's own address, whatever form of it was written (YouTube's embed code on youtube.com...).
    return {
      src: { default: null, parseHTML: (element) => allowedEmbedSrc(element.getAttribute('src') ?? '') },
      title: { default: t.defaultVideoTitle, parseHTML: (element) => element.getAttribute('title') || t.defaultVideoTitle },
    };
  },
  parseHTML() {
    return [{ tag: 'iframe[src]', getAttrs: (element) => (allowedEmbedSrc(element.getAttribute('src') ?? '') ? null : false) }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['iframe', mergeAttributes(HTMLAttributes, playerAttributes)];
  },
});

/**
 * Puts a block (an image, a player) where the caret is, and the caret in the paragraph after it (made if
 * there is none): left selected, the block would be replaced by the next keystroke or the next insert. A
 * block that is selected itself (clicked) stays, and the new one goes after it.
 */
export function insertBlock(editor: Editor, block: JSONContent) {
  const { selection } = editor.state;
  const chain = editor.chain();
  (selection instanceof NodeSelection ? chain.insertContentAt(selection.to, block) : chain.insertContent(block))
    .command(({ tr }) => {
      if (!(tr.selection instanceof NodeSelection)) return true;
      const after = tr.selection.to;
      if (!tr.doc.resolve(after).nodeAfter?.isTextblock) tr.insert(after, tr.doc.type.schema.nodes.paragraph.create());
      tr.setSelection(TextSelection.create(tr.doc, after + 1)).scrollIntoView();
      return true;
    })
    .run();
}

/**
 * The players of a video's embed code pasted as text (copied from YouTube's or Vimeo's share box), or null
 * when the text is anything else.
 */
export function playersOfEmbedCode(text: string): JSONContent[] | null {
  if (!/^<iframe\b[\s\S]*<\/iframe>$/i.test(text.trim())) return null;
  const frames = Array.from(new DOMParser().parseFromString(text, 'text/html').body.querySelectorAll('iframe'));
  const players = frames.flatMap((frame) => {
    const src = allowedEmbedSrc(frame.getAttribute('src') ?? '');
    return src ? [{ type: 'videoEmbed', attrs: { src, title: frame.getAttribute('title') || t.defaultVideoTitle } }] : [];
  });
  return players.length > 0 ? players : null;
}

/**
 * The addresses of the images of this HTML that saving it would drop (an http:// address, which the
 * site's pages would block, or none), in the order they come: written in 'Código HTML', or kept from it
 * in the visual editor, they would otherwise vanish without a word when the server cleans the article.
 */
export function imagesDroppedOnSave(html: string): string[] {
  if (!/<img\b/i.test(html)) return [];
  const images = Array.from(new DOMParser().parseFromString(html, 'text/html').body.querySelectorAll('img'));
  return images.map((image) => image.getAttribute('src') ?? '').filter((src) => !keptInArticleHtml(src));
}

/** Ctrl+K (⌘K) opens the link form, like other editors. */
export const linkShortcut = (open: () => void) =>
  Extension.create({
    name: 'linkShortcut',
    addKeyboardShortcuts() {
      return {
        'Mod-k': () => {
          open();
          return true;
        },
      };
    },
  });

export const linkSchemes = /^(https?:\/\/|mailto:|tel:)/i;

/**
 * Shows HTML that came from outside the editor as a fresh start: nothing before it can be undone, so
 * Ctrl+Z never brings back another article's text (or the text a restore replaced). Not an edit: the
 * value stays as it came until someone types.
 */
export function load(editor: Editor, html: string) {
  editor.commands.setContent(html, { emitUpdate: false });
  const { state } = editor;
  editor.view.updateState(EditorState.create({ schema: state.schema, doc: state.doc, plugins: state.plugins }));
  // An empty step, kept out of the history, so the toolbar ('Deshacer' among others) reads the new state.
  editor.view.dispatch(editor.state.tr.setMeta('addToHistory', false));
}
