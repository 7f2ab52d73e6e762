/**
 * Spread on an element drawn inside the player: media-chrome keeps an element with this attribute on screen while
 * it hides its controls (an unknown attribute, so not in React's props).
 */
export const stayVisible = { noautohide: '' } as const;
