/**
 * The checks on the spoken words, and — when they could not run — which ones and why, so a report never has a silent
 * gap where the words would be. A check's status follows its rule like the platform checks do: no finding → pass, a
 * low-severity note → warn, anything stronger → fail.
 */
import type { Report, WordCheck, WordChecksResult } from '@preflight/shared';
import type { Candidate, IssueCode, Transcript } from '../rules/rule';

type AiMeta = Report['report_metadata']['ai_enrichment'];

const CHECK_CODES: Record<WordCheck['id'], IssueCode> = {
  opening_line: 'hook_opening_line',
  call_to_action: 'missing_cta',
};

const PASS_EVIDENCE: Record<WordCheck['id'], string> = {
  opening_line: 'the first sentence is short and does not open with a greeting or filler',
  call_to_action: 'an ask to follow, comment or subscribe is in the closing part of the transcript',
};

/** Why the words were not checked, as one line; null when they were. */
function notRunReason(transcription: WordChecksResult['transcription']): string | null {
  switch (transcription) {
    case 'not_configured':
      return 'no speech-to-text service is configured (OPENAI_API_KEY)';
    case 'failed':
      return 'the speech-to-text service failed for this video';
    case 'no_audio':
      return 'the video has no sound track';
    case 'no_speech':
      return 'no speech found in the video';
    case 'ok':
      return null;
  }
}

export function transcriptionState(ai: AiMeta, hasAudio: boolean, transcript: Transcript | null): WordChecksResult['transcription'] {
  if (ai.transcription === 'failed') return 'failed';
  if (ai.transcription === 'off') return hasAudio ? 'not_configured' : 'no_audio';
  if (!transcript || !transcript.segments.some((s) => s.text.trim())) return 'no_speech';
  return 'ok';
}

export function wordChecksResult(ai: AiMeta, hasAudio: boolean, transcript: Transcript | null, candidates: Candidate[]): WordChecksResult {
  const transcription = transcriptionState(ai, hasAudio, transcript);
  const reason = notRunReason(transcription);
  const ids = Object.keys(CHECK_CODES) as WordCheck['id'][];
  if (reason) {
    return {
      transcription,
      note: `Words not checked: ${reason}.`,
      checks: ids.map((id) => ({ id, status: 'not_run', evidence: `Not run: ${reason}.` })),
    };
  }
  const checks = ids.map((id): WordCheck => {
    const found = candidates.find((c) => c.code === CHECK_CODES[id]);
    if (!found) return { id, status: 'pass', evidence: PASS_EVIDENCE[id] };
    return { id, status: found.severity === 'low' ? 'warn' : 'fail', evidence: found.evidence };
  });
  return { transcription, note: 'Words checked from the transcript.', checks };
}
