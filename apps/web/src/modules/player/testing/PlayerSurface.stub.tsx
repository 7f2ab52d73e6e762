// Jest maps `./PlayerSurface` here (apps/web/jest.config.cjs): jsdom plays no video and cannot load media-chrome.
export { PlayerSurfaceStub as PlayerSurface } from './player-test-kit';
