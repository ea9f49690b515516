// The article editor (TipTap), loaded only when a news dialog opens: its own chunk, never part of the
// public pages. Headings, bold and italics, lists, quotes, links, images with their required alternative
// text, and YouTube or Vimeo players; what is pasted from Word or Google Docs is cleaned first; 'Código
// HTML' shows the HTML itself. The value is HTML: unchanged until someone edits, so an article opened and
// saved untouched keeps its HTML as it was. The server sanitizes whatever is saved (api/article-html.ts).
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { Button as AriaButton, ToggleButton, Toolbar } from 'react-aria-components';
import { Bold, Code, Heading2, Heading3, ImagePlus, Italic, Link2, List, ListOrdered, Pilcrow, Quote, Redo2, Undo2, Video } from 'lucide-react';
import { isArticleImage, videoEmbedUrl } from '../../../../domain';
import { Button } from '../../../ui/Button';
import { TextArea } from '../../../ui/TextArea';
import { TextField } from '../../../ui/TextField';
import { MediaUpload } from '../media/MediaUpload';
import { descriptionClass, errorClass, labelClass } from '../../../ui/field-styles';
import { VideoEmbed, imagesDroppedOnSave, insertBlock, linkSchemes, linkShortcut, load, playersOfEmbedCode } from './editor-content';
import { cleanPastedHtml, hasTagsEditorDrops, nothingDropped, type PastedDrops } from './pasted-html';
import { editorTexts as t } from './texts';

type Panel = 'link' | 'image' | 'video' | null;

type Props = {
  label: string;
  value: string;
  onChange: (html: string) => void;
  description?: string;
  errorMessage?: string;
  isRequired?: boolean;
};

export default function RichTextEditor({ label, value, onChange, description, errorMessage, isRequired }: Props) {
  const id = useId();
  const [panel, setPanel] = useState<Panel>(null);
  // What pastes left out (images without a description or that the site cannot show, tables made
  // paragraphs), said until closed; and the pasted image being described in the image form.
  const [pasted, setPasted] = useState<PastedDrops | null>(null);
  const [describing, setDescribing] = useState<string | null>(null);
  // HTML the visual editor would not keep (a table...) is edited in 'Código HTML', with a note; and stays
  // there: switched by hand, the visual editor would flatten it at the first keystroke.
  const [source, setSource] = useState(() => hasTagsEditorDrops(value));
  const [dropsTags, setDropsTags] = useState(() => hasTagsEditorDrops(value));
  const [keptInSource, setKeptInSource] = useState(false);
  const switchMode = (toSource: boolean) => {
    const refused = !toSource && hasTagsEditorDrops(value);
    setKeptInSource(refused);
    if (!refused) setSource(toSource);
  };
  // Images saving would drop (http://): said for as long as the text holds them, in either mode.
  const dropped = useMemo(() => imagesDroppedOnSave(value), [value]);
  const openLinkRef = useRef<() => void>(() => {});
  // The HTML last typed here, in either mode: any other value came from outside (the dialog opened on an
  // article, a version restored, 'Cargar la versión actual', 'Recuperar cambios').
  const typed = useRef(value);
  // The HTML the visual editor holds (null until it has been given one).
  const held = useRef<string | null>(null);

  const editor = useEditor({
    immediatelyRender: false,
    shouldRerenderOnTransaction: false,
    extensions: [
      StarterKit.configure({
        link: { openOnClick: false, autolink: true, HTMLAttributes: { target: null, rel: null, class: null } },
        codeBlock: false,
      }),
      Image.configure({ inline: false, allowBase64: false }),
      VideoEmbed,
      linkShortcut(() => openLinkRef.current()),
    ],
    content: value,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        'aria-describedby': `${id}-help`,
        ...(isRequired ? { 'aria-required': 'true' } : {}),
        ...(errorMessage ? { 'aria-invalid': 'true' } : {}),
        class: 'prose-article min-h-48 px-3 py-2 outline-none',
      },
      transformPastedHTML: (html) => {
        const cleaned = cleanPastedHtml(html);
        const { drops } = cleaned;
        if (!nothingDropped(drops))
          setPasted((before) =>
            before
              ? {
                  undescribedImages: [...before.undescribedImages, ...drops.undescribedImages],
                  unusableImages: before.unusableImages + drops.unusableImages,
                  tables: before.tables + drops.tables,
                }
              : drops,
          );
        return cleaned.html;
      },
      // A video's embed code copied from its share box comes as text: it is the player, not words.
      handlePaste: (view, event) => {
        const data = event.clipboardData;
        const players = data && !data.types.includes('text/html') ? playersOfEmbedCode(data.getData('text/plain')) : null;
        const current = (view.dom as HTMLElement & { editor?: Editor }).editor;
        if (!players || !current) return false;
        players.forEach((player) => insertBlock(current, player));
        return true;
      },
    },
    onUpdate: ({ editor: current }) => {
      const html = current.isEmpty ? '' : current.getHTML();
      typed.current = html;
      held.current = html;
      setDropsTags(false);
      onChange(html);
    },
  });

  // Every value from outside opens as an article opens: in 'Código HTML' when the visual editor would
  // lose part of it, else in the visual editor; never only the first one, or the next keystroke in the
  // visual editor would flatten a restored table.
  useEffect(() => {
    if (value === typed.current) return;
    typed.current = value;
    const drops = hasTagsEditorDrops(value);
    setDropsTags(drops);
    setSource(drops);
    setKeptInSource(false);
  }, [value]);

  // The visual editor shows the value whenever it is on screen: loaded afresh (an empty history) when the
  // value did not come from its own typing.
  useEffect(() => {
    if (!editor || source || value === held.current) return;
    held.current = value;
    load(editor, value);
  }, [editor, source, value]);

  // The error state follows the form's validation.
  useEffect(() => {
    if (!editor) return;
    const dom = editor.view.dom;
    if (errorMessage) dom.setAttribute('aria-invalid', 'true');
    else dom.removeAttribute('aria-invalid');
  }, [editor, errorMessage]);

  openLinkRef.current = () => setPanel('link');

  const openPanel = (next: Panel) => {
    setDescribing(null);
    setPanel(next);
  };
  // A pasted image inserted with its description is no longer missing.
  const described = () => {
    if (!pasted || describing === null) return;
    const left = [...pasted.undescribedImages];
    left.splice(left.indexOf(describing), 1);
    const next = { ...pasted, undescribedImages: left };
    setPasted(nothingDropped(next) ? null : next);
  };

  const typeSource = (html: string) => {
    typed.current = html;
    const drops = hasTagsEditorDrops(html);
    setDropsTags(drops);
    if (!drops) setKeptInSource(false);
    onChange(html);
  };

  return (
    <div className="flex flex-col gap-1">
      <span id={`${id}-label`} className={labelClass}>
        {label}
        {isRequired && <span aria-hidden="true"> *</span>}
      </span>
      <div className={`rounded-md border bg-white ${errorMessage ? 'border-red-500' : 'border-slate-300'} focus-within:ring-2 focus-within:ring-accent-400`}>
        <EditorToolbar editor={editor} source={source} onSource={switchMode} panel={panel} onPanel={openPanel} />
        {panel && editor && !source && (
          <InsertPanel
            key={`${panel} ${describing ?? ''}`}
            kind={panel}
            editor={editor}
            address={describing ?? undefined}
            onInserted={described}
            onClose={() => openPanel(null)}
          />
        )}
        {source ? (
          <div className="p-2">
            <TextArea label={t.sourceLabel(label)} value={value} rows={12} onChange={typeSource} className="font-mono text-sm" />
          </div>
        ) : (
          <EditorContent editor={editor} />
        )}
      </div>
      {keptInSource && (
        <div role="alert" className="flex flex-wrap items-center gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
          <p className="flex-1">{t.staysInSource}</p>
          <Button size="sm" variant="outline" onPress={() => setKeptInSource(false)}>
            {t.closeNotice}
          </Button>
        </div>
      )}
      {dropped.length > 0 && (
        <p role="status" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
          {t.droppedOnSave(dropped)}
        </p>
      )}
      {pasted && (
        <div role="status" className="flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
          {pasted.undescribedImages.length > 0 && <p>{t.pastedUndescribed(pasted.undescribedImages.length)}</p>}
          {pasted.unusableImages > 0 && <p>{t.pastedUnusable(pasted.unusableImages)}</p>}
          {pasted.tables > 0 && <p>{t.pastedTables(pasted.tables)}</p>}
          <div className="flex flex-wrap gap-2">
            {pasted.undescribedImages.length > 0 && !source && (
              <Button
                size="sm"
                onPress={() => {
                  setDescribing(pasted.undescribedImages[0]);
                  setPanel('image');
                }}
              >
                {t.describeImage}
              </Button>
            )}
            <Button size="sm" variant="outline" onPress={() => setPasted(null)}>
              {t.closeNotice}
            </Button>
          </div>
        </div>
      )}
      <div id={`${id}-help`}>
        {dropsTags && <p className={descriptionClass}>{t.unsupported}</p>}
        {description && <p className={descriptionClass}>{description}</p>}
        {errorMessage && <p className={errorClass}>{errorMessage}</p>}
      </div>
    </div>
  );
}

type ToolbarProps = { editor: Editor | null; source: boolean; onSource: (on: boolean) => void; panel: Panel; onPanel: (panel: Panel) => void };

function EditorToolbar({ editor, source, onSource, panel, onPanel }: ToolbarProps) {
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) =>
      current
        ? {
            paragraph: current.isActive('paragraph'),
            h2: current.isActive('heading', { level: 2 }),
            h3: current.isActive('heading', { level: 3 }),
            bold: current.isActive('bold'),
            italic: current.isActive('italic'),
            bullet: current.isActive('bulletList'),
            ordered: current.isActive('orderedList'),
            quote: current.isActive('blockquote'),
            link: current.isActive('link'),
            canUndo: current.can().undo(),
            canRedo: current.can().redo(),
          }
        : null,
  });
  const chain = () => editor!.chain().focus();
  const off = source || !editor;
  type Toggle = { label: string; icon: ReactNode; on: boolean | undefined; run: () => void };
  const toggles: Toggle[] = [
    { label: t.paragraph, icon: <Pilcrow />, on: state?.paragraph, run: () => chain().setParagraph().run() },
    { label: t.heading2, icon: <Heading2 />, on: state?.h2, run: () => chain().toggleHeading({ level: 2 }).run() },
    { label: t.heading3, icon: <Heading3 />, on: state?.h3, run: () => chain().toggleHeading({ level: 3 }).run() },
    { label: t.bold, icon: <Bold />, on: state?.bold, run: () => chain().toggleBold().run() },
    { label: t.italic, icon: <Italic />, on: state?.italic, run: () => chain().toggleItalic().run() },
    { label: t.bulletList, icon: <List />, on: state?.bullet, run: () => chain().toggleBulletList().run() },
    { label: t.orderedList, icon: <ListOrdered />, on: state?.ordered, run: () => chain().toggleOrderedList().run() },
    { label: t.quote, icon: <Quote />, on: state?.quote, run: () => chain().toggleBlockquote().run() },
    { label: t.link, icon: <Link2 />, on: panel === 'link' || state?.link, run: () => onPanel(panel === 'link' ? null : 'link') },
    { label: t.image, icon: <ImagePlus />, on: panel === 'image', run: () => onPanel(panel === 'image' ? null : 'image') },
    { label: t.video, icon: <Video />, on: panel === 'video', run: () => onPanel(panel === 'video' ? null : 'video') },
  ];
  const buttonClass =
    'inline-flex size-9 items-center justify-center rounded-md text-slate-700 outline-none hover:bg-slate-100 data-[disabled]:opacity-40 data-[focus-visible]:ring-2 data-[focus-visible]:ring-accent-400 data-[selected]:bg-slate-200 data-[selected]:text-slate-950 [&>svg]:size-4';
  return (
    // A click on a button leaves the focus (and the caret) in the text: what is typed right after it lands
    // there, even before the editor would have taken the focus back. Keyboard users still reach the
    // buttons with Tab and the arrow keys.
    <Toolbar
      aria-label={t.toolbar}
      className="flex flex-wrap items-center gap-0.5 border-b border-slate-200 p-1"
      onMouseDownCapture={(event) => event.preventDefault()}
    >
      {toggles.map((toggle) => (
        <ToggleButton
          key={toggle.label}
          aria-label={toggle.label}
          isSelected={Boolean(toggle.on)}
          isDisabled={off}
          onChange={toggle.run}
          className={buttonClass}
        >
          {toggle.icon}
        </ToggleButton>
      ))}
      <AriaButton aria-label={t.undo} isDisabled={off || !state?.canUndo} onPress={() => chain().undo().run()} className={buttonClass}>
        <Undo2 />
      </AriaButton>
      <AriaButton aria-label={t.redo} isDisabled={off || !state?.canRedo} onPress={() => chain().redo().run()} className={buttonClass}>
        <Redo2 />
      </AriaButton>
      <ToggleButton aria-label={t.source} isSelected={source} onChange={onSource} className={`${buttonClass} ml-auto`}>
        <Code />
      </ToggleButton>
    </Toolbar>
  );
}

type InsertPanelProps = {
  kind: 'link' | 'image' | 'video';
  editor: Editor;
  /** A pasted image's address, to be described and inserted. */
  address?: string;
  onInserted: () => void;
  onClose: () => void;
};

/** The small forms of the toolbar: a link's address, an image's address and alternative text, a video's link. */
function InsertPanel({ kind, editor, address, onInserted, onClose }: InsertPanelProps) {
  const [first, setFirst] = useState(() => address ?? (kind === 'link' ? ((editor.getAttributes('link').href as string | undefined) ?? '') : ''));
  const [second, setSecond] = useState('');
  const [errors, setErrors] = useState<{ first?: string; second?: string }>({});

  const apply = () => {
    if (kind === 'link') {
      const href = first.trim();
      if (!linkSchemes.test(href)) return setErrors({ first: t.linkInvalid });
      editor.chain().extendMarkRange('link').setLink({ href }).run();
    } else if (kind === 'image') {
      const next = { first: isArticleImage(first.trim()) ? undefined : t.imageUrlInvalid, second: second.trim() ? undefined : t.imageAltRequired };
      if (next.first || next.second) return setErrors(next);
      insertBlock(editor, { type: 'image', attrs: { src: first.trim(), alt: second.trim() } });
      onInserted();
    } else {
      const src = videoEmbedUrl(first);
      if (!src) return setErrors({ first: t.videoInvalid });
      insertBlock(editor, { type: 'videoEmbed', attrs: { src, title: second.trim() || t.defaultVideoTitle } });
    }
    onClose();
    // Back to the text once this form is gone (its field held the focus), the caret where it was left.
    requestAnimationFrame(() => editor.view.focus());
  };
  // Enter applies this small form, not the dialog's; once the key is done, so that it never reaches the
  // editor the focus returns to (where it would replace the linked words).
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      event.stopPropagation();
      setTimeout(apply, 0);
    }
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onClose();
      editor.commands.focus();
    }
  };
  const labels =
    kind === 'link'
      ? { first: t.linkUrl, firstHint: t.linkHint, apply: t.linkApply }
      : kind === 'image'
        ? { first: t.imageUrl, second: t.imageAlt, secondHint: t.imageAltHint, apply: t.imageInsert }
        : { first: t.videoUrl, firstHint: t.videoHint, second: t.videoTitle, apply: t.videoInsert };
  return (
    <div role="group" aria-label={labels.apply} className="grid gap-3 border-b border-slate-200 bg-slate-50 p-3" onKeyDown={onKeyDown}>
      {/* An image may be uploaded here too: it goes to Medios and its address fills the field. Enter there
          presses its button instead of applying the form. */}
      {kind === 'image' && (
        <div onKeyDown={(event) => event.key === 'Enter' && event.stopPropagation()}>
          <MediaUpload compact onUploaded={(item) => setFirst(item.url)} />
        </div>
      )}
      <TextField
        label={labels.first}
        description={'firstHint' in labels ? labels.firstHint : undefined}
        value={first}
        onChange={setFirst}
        errorMessage={errors.first}
        autoFocus={!address}
        type="url"
      />
      {'second' in labels && labels.second && (
        <TextField
          label={labels.second}
          description={'secondHint' in labels ? labels.secondHint : undefined}
          value={second}
          onChange={setSecond}
          errorMessage={errors.second}
          isRequired={kind === 'image'}
          autoFocus={Boolean(address)}
        />
      )}
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onPress={apply}>
          {labels.apply}
        </Button>
        {kind === 'link' && editor.isActive('link') && (
          <Button
            size="sm"
            variant="outline"
            onPress={() => {
              editor.chain().focus().extendMarkRange('link').unsetLink().run();
              onClose();
            }}
          >
            {t.linkRemove}
          </Button>
        )}
        <Button size="sm" variant="outline" onPress={onClose}>
          {t.cancel}
        </Button>
      </div>
    </div>
  );
}
