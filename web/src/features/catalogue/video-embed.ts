/**
 * The embeddable player address of a video link: YouTube (watch, short and embed links) and Vimeo links
 * play inline through their privacy-friendly embed hosts; anything else is shown as a plain link.
 */
export function videoEmbedUrl(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(/^https?:\/\//i.test(url) ? url : `https://${url}`);
  } catch {
    return undefined;
  }
  const host = parsed.hostname.replace(/^www\.|^m\./, '');
  const youTubeId =
    host === 'youtu.be'
      ? parsed.pathname.slice(1)
      : host === 'youtube.com' || host === 'youtube-nocookie.com'
        ? parsed.pathname === '/watch'
          ? parsed.searchParams.get('v')
          : parsed.pathname.match(/^\/(?:embed|shorts)\/([^/]+)/)?.[1]
        : undefined;
  if (youTubeId && /^[\w-]{6,20}$/.test(youTubeId))
    return `https://www.youtube-nocookie.com/embed/${youTubeId}`;
  const vimeoId = host === 'vimeo.com' ? parsed.pathname.match(/^\/(\d+)/)?.[1] : undefined;
  if (vimeoId) return `https://player.vimeo.com/video/${vimeoId}?dnt=1`;
  return undefined;
}
