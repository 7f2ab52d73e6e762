export { buildModel } from './build-model';
export { contentNeighbours, contentSimilarity } from './content-similarity';
export { DEFAULT_MODEL_OPTIONS } from './model-options';
export type * from './model.types';
export { popular, scoreUser, similarTo } from './score';
export { interactionStrength } from './strength';
export { withItem } from './with-item';
