export { PdfDownloadButton, type PdfDownloadButtonProps } from './components/PdfDownloadButton';
export { PdfReportCard, PDF_CONTENTS } from './components/PdfReportCard';
export { useReportPdf, PDF_DOWNLOADED, PDF_DOWNLOADED_TITLE, PDF_GENERATING } from './api/useReportPdf';
export { PDF_FAILED, PDF_NO_ID } from './api/reportPdf';
