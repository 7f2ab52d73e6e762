import type { CaptionStyle } from '@app/contracts';
import type { CSSProperties } from 'react';

/**
 * How subtitles are drawn in the profile's style (issue 26). The browser draws hls.js's text tracks natively, so
 * the style is `::cue` rules; they read custom properties the player sets from the profile (inherited into the
 * video, shadow roots included), which keeps the rules static: nothing is injected per viewer.
 */
const CUE_RULES = `video::cue {
  font-size: var(--player-caption-size, 100%);
  color: var(--player-caption-color, var(--caption-white));
  background-color: color-mix(in srgb, var(--caption-backdrop) var(--player-caption-background, 75%), transparent);
}`;

/** The player's custom properties for a style: colours by name from the theme's caption palette. */
export const captionVariables = ({ size, color, background }: CaptionStyle): CSSProperties =>
  ({
    '--player-caption-size': `${size}%`,
    '--player-caption-color': `var(--caption-${color})`,
    '--player-caption-background': `${background}%`,
  }) as CSSProperties;

let cueSheet: CSSStyleSheet | null = null;

/**
 * Puts the cue rules where the playing `<video>` is styled: `<hls-video>` keeps its video in a shadow root, which
 * no page stylesheet reaches; a plain `<video>` is styled by the document. A constructed sheet, adopted once per
 * root: no `<style>` element, no inline style.
 */
export const adoptCueRules = (media: Element): void => {
  const root = media.shadowRoot ?? media.getRootNode();
  if (
    !(root instanceof Document || root instanceof ShadowRoot) ||
    !('replaceSync' in CSSStyleSheet.prototype)
  )
    return;
  if (!cueSheet) {
    cueSheet = new CSSStyleSheet();
    cueSheet.replaceSync(CUE_RULES);
  }
  if (!root.adoptedStyleSheets.includes(cueSheet))
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, cueSheet];
};
