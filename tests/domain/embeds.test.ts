// Video links and players: the addresses people copy (a link, a site's own embed code, an unlisted Vimeo
// video with its key) all become the one player address the site allows, and nothing else does.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { allowedEmbedSrc, videoEmbedUrl } from '../../domain/embeds';

const youtube = 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ';

test('a video link as people copy it becomes its player', () => {
  for (const link of [
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://m.youtube.com/watch?v=dQw4w9WgXcQ&t=1m30s',
    'https://youtu.be/dQw4w9WgXcQ?t=42',
    'https://www.youtube.com/shorts/dQw4w9WgXcQ',
    'https://www.youtube.com/embed/dQw4w9WgXcQ?si=abc',
    youtube,
  ])
    assert.is(videoEmbedUrl(link), youtube, link);
  assert.is(videoEmbedUrl('https://vimeo.com/76979871'), 'https://player.vimeo.com/video/76979871');
  assert.is(videoEmbedUrl('https://vimeo.com/channels/staffpicks/76979871'), 'https://player.vimeo.com/video/76979871');
  assert.is(videoEmbedUrl('https://vimeo.com/showcase/9876543/video/76979871'), 'https://player.vimeo.com/video/76979871');
  assert.is(videoEmbedUrl('https://player.vimeo.com/video/76979871?badge=0'), 'https://player.vimeo.com/video/76979871');
});

test("an unlisted Vimeo video keeps its key, from its link or its player's address", () => {
  const player = 'https://player.vimeo.com/video/123456789?h=abcdef1234';
  assert.is(videoEmbedUrl('https://vimeo.com/123456789/abcdef1234'), player);
  assert.is(videoEmbedUrl('https://vimeo.com/123456789/abcdef1234?share=copy'), player);
  assert.is(videoEmbedUrl('https://player.vimeo.com/video/123456789?h=abcdef1234&badge=0'), player);
  assert.is(allowedEmbedSrc('https://player.vimeo.com/video/123456789?h=abcdef1234&autopause=0'), player);
  // Anything else in the key's place is not a key.
  assert.is(videoEmbedUrl('https://vimeo.com/123456789/description'), 'https://player.vimeo.com/video/123456789');
  assert.is(allowedEmbedSrc('https://player.vimeo.com/video/123456789?h=%22onload%3D'), 'https://player.vimeo.com/video/123456789');
});

test("a site's own embed code gives its player: YouTube's on youtube.com becomes the no-cookie one", () => {
  assert.is(allowedEmbedSrc('https://www.youtube.com/embed/dQw4w9WgXcQ'), youtube);
  assert.is(allowedEmbedSrc('https://www.youtube.com/embed/dQw4w9WgXcQ?si=Xy12&start=30'), youtube);
  assert.is(allowedEmbedSrc('https://youtube.com/embed/dQw4w9WgXcQ'), youtube);
  assert.is(allowedEmbedSrc(youtube), youtube);
  assert.is(allowedEmbedSrc('https://player.vimeo.com/video/76979871'), 'https://player.vimeo.com/video/76979871');
});

test('any other frame or link is refused', () => {
  for (const src of [
    'http://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    'http://www.youtube.com/embed/dQw4w9WgXcQ',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://www.youtube.com/embed/videoseries?list=PL123',
    'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ/../../evil',
    'https://www.youtube.com/embed/dQw4w9WgXcQ/extra',
    'https://user:pass@www.youtube.com/embed/dQw4w9WgXcQ',
    'https://www.youtube.com:8443/embed/dQw4w9WgXcQ',
    'https://youtube.com.evil.example/embed/dQw4w9WgXcQ',
    'https://player.vimeo.com.evil.example/video/1',
    'https://vimeo.com/76979871',
    'javascript:alert(1)',
    '',
  ])
    assert.is(allowedEmbedSrc(src), null, src);
  for (const link of [
    'https://www.youtube.com/playlist?list=PL123',
    'https://www.youtube.com/embed/videoseries?list=PL123',
    'https://vimeo.com/channels/staffpicks',
    'https://example.com/watch?v=dQw4w9WgXcQ',
    'ftp://youtu.be/dQw4w9WgXcQ',
  ])
    assert.is(videoEmbedUrl(link), null, link);
});

test.run();
