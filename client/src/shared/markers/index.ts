export { ExportMarkersButton, EXPORT_MARKERS_LABEL } from './components/ExportMarkersButton';
export { YoutubeChaptersDialog, CHAPTERS_COPIED, CHAPTERS_COPY_FAILED } from './components/YoutubeChaptersDialog';
export { MARKERS_DOWNLOADED, MARKERS_FAILED } from './api/useMarkerDownload';
