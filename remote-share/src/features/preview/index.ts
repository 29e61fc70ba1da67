export { PreviewScreen, type PreviewScreenProps } from './components/preview-screen';
export { isPreviewable } from './state/preview-events';
