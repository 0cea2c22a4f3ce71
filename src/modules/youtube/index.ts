// The front door of the youtube module: what other modules may import from it (.dependency-cruiser.cjs,
// 'modules-enter-by-the-front-door'). Everything else in this folder is the module's own.
export { YoutubeModule } from './youtube.module';
