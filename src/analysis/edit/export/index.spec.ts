import { execFileSync } from 'node:child_process';
import { TEST_RATES, timelineOnFrames } from '../../../../test/support/edit-files';
import * as engine from '../../index';
import { buildEditExport, EDIT_EXPORT_FORMATS, EDIT_EXPORT_FORMAT_META, EditExportError, editExportFileName, isEditExportFormat } from './index';

describe('buildEditExport: one entry point, a file name and type per format', () => {
  const timeline = timelineOnFrames(TEST_RATES['29.97'], [[0, 90], [150, 300]], { sourceFileName: 'launch-teaser.v2.mp4' });

  it('names each file after the video and gives its type', () => {
    expect(EDIT_EXPORT_FORMATS.map((f) => buildEditExport(f, timeline).fileName)).toEqual([
      'launch-teaser.v2-edit.mlt',
      'launch-teaser.v2-edit.fcpxml',
      'launch-teaser.v2-edit-premiere.xml',
      'launch-teaser.v2-edit.edl',
      'launch-teaser.v2-tighten.sh',
      'launch-teaser.v2-tighten.bat',
    ]);
    for (const format of EDIT_EXPORT_FORMATS) {
      const file = buildEditExport(format, timeline);
      expect(file.contentType).toBe(EDIT_EXPORT_FORMAT_META[format].contentType);
      expect(file.fileName).toBe(editExportFileName('launch-teaser.v2.mp4', format));
    }
    expect(buildEditExport('fcpxml', timeline).body).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n<!DOCTYPE fcpxml>\n<fcpxml version="1\.10">/);
    expect(buildEditExport('ffmpeg', timeline).body).toMatch(/^#!\/bin\/sh\n/);
    expect(buildEditExport('ffmpeg-bat', timeline).body).toMatch(/^@echo off\r\n/);
    expect(buildEditExport('edl', timeline).body).toMatch(/^TITLE: launch-teaser\.v2 Preflight edit\r\nFCM: NON-DROP FRAME\r\n/);
  });

  it.each(EDIT_EXPORT_FORMATS)('%s: never an empty timeline (typed error), and a variable-frame-rate warning in the file', (format) => {
    expect(() => buildEditExport(format, { ...timeline, kept: [] })).toThrow(EditExportError);
    expect(buildEditExport(format, { ...timeline, variableFrameRate: true }).body).toMatch(/warning: this timeline is at 29\.97 fps: variable frame rate/i);
    expect(buildEditExport(format, timeline).body).not.toMatch(/warning/i);
  });

  it.each(['mlt', 'fcpxml', 'xmeml'] as const)('%s is well-formed XML to libxml2 whatever the name and the texts hold (comments, markup, control characters)', (format) => {
    const hostile = { ...timeline, variableFrameRate: true, sourceFileName: 'a--b-->c <d> & "e" \u0007 f-.mp4', markers: [{ startSeconds: 1, endSeconds: 1, name: '<!-- x -->', note: ']]> & \u0001' }] };
    const xml = buildEditExport(format, hostile).body;
    expect(() => execFileSync('xmllint', ['--noout', '--nonet', '-'], { input: xml, stdio: ['pipe', 'pipe', 'pipe'] })).not.toThrow();
  });

  it('knows its formats and is reachable from the engine\'s front door', () => {
    expect([isEditExportFormat('mlt'), isEditExportFormat('ffmpeg-bat'), isEditExportFormat('premiere'), isEditExportFormat(3)]).toEqual([true, true, false, false]);
    expect(engine.buildEditExport).toBe(buildEditExport);
    expect(engine.EditExportError).toBe(EditExportError);
  });
});
