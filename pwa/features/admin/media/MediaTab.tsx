// 'Medios': the media library as a tab of its own, reachable from Noticias too (docs/media.md).
import { SectionHeader } from '../common/states';
import { MediaLibrary } from './MediaLibrary';
import { mediaTexts as t } from './texts';

export function MediaTab() {
  return (
    <section aria-labelledby="media-title">
      <SectionHeader id="media-title" title={t.title} subtitle={t.subtitle} />
      <MediaLibrary />
    </section>
  );
}
