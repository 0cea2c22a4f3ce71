/**
 * The checks on the spoken words, and — when they could not run — which ones and why, so a report never has a silent
 * gap where the words would be. A check's status follows its rule like the platform checks do: no finding → pass, a
 * low-severity note → warn, anything stronger → fail.
 */
import { WORD_CHECK_IDS, type Metrics, type Report, type WordCheck, type WordChecksResult } from '@preflight/shared';
import type { Candidate, IssueCode, Transcript } from '../rules/rule';
import { speechPace, type SpeechPace } from '../rules/speech-pace';
import { mss } from '../time';
import { captionsMatchCheck } from './captions-match';

type AiMeta = Report['report_metadata']['ai_enrichment'];

/**
 * The checks that follow a rule; speaking_rate is read from the measures directly, hook_topic from the model's answer,
 * captions_match from the captions read on the frames.
 */
const CHECK_CODES: Record<Exclude<WordCheck['id'], 'speaking_rate' | 'hook_topic' | 'captions_match'>, IssueCode> = {
  opening_line: 'hook_opening_line',
  call_to_action: 'missing_cta',
  filler_words: 'filler_words',
};

const PASS_EVIDENCE: Record<keyof typeof CHECK_CODES, (pace: SpeechPace | null) => string> = {
  opening_line: () => 'the first sentence is short and does not open with a greeting or filler',
  call_to_action: () => 'an ask to follow, comment or subscribe is in the closing part of the transcript',
  filler_words: (pace) =>
    pace ? `${pace.fillers} filler words in ${pace.words} words (${pace.fillers_per_100_words} per 100 words, ${pace.fillers_per_minute} per minute of speech)` : 'no words to count',
};

/** Speaking rate: its average, and a note (warn) where it changes sharply. */
function speakingRateCheck(pace: SpeechPace | null): WordCheck {
  if (!pace) return { id: 'speaking_rate', status: 'pass', evidence: 'no timed words to measure' };
  const average = `${pace.words_per_minute} words per minute over ${pace.speaking_s} s of speech`;
  if (!pace.rate_changes.length) return { id: 'speaking_rate', status: 'pass', evidence: `${average}, at a steady pace` };
  const changes = pace.rate_changes.map((c) => `at ${mss(c.time_s)} from ${c.from_wpm} to ${c.to_wpm}`).join('; ');
  return { id: 'speaking_rate', status: 'warn', evidence: `${average}; the pace changes sharply ${changes} words per minute` };
}

/** The hook's first sentence against the topic of the rest (the language model's answer, stored in the transcript). */
function hookTopicCheck(transcript: Transcript | null): WordCheck {
  const t = transcript?.hook_topic;
  const quote = (s: string) => `"${s.length > 120 ? `${s.slice(0, 117)}...` : s}"`;
  if (!t) return { id: 'hook_topic', status: 'not_run', evidence: 'Not run: this analysis was made before the topic check existed; upload the video again to run it.' };
  if (t.status === 'too_short') return { id: 'hook_topic', status: 'not_run', evidence: `Not run: too few words after the first sentence ${quote(t.hook)} to tell what the video is about.` };
  if (t.status === 'failed') return { id: 'hook_topic', status: 'not_run', evidence: 'Not run: the language model failed for this video.' };
  if (t.on_topic) return { id: 'hook_topic', status: 'pass', evidence: `the first sentence ${quote(t.hook)} is about ${t.hook_topic}, as is the video (${t.video_topic})` };
  return { id: 'hook_topic', status: 'warn', evidence: `the first sentence ${quote(t.hook)} is about ${t.hook_topic}, but the video is about ${t.video_topic}: ${t.reason}` };
}

/** Why the words were not checked, as one line; null when they were. */
function notRunReason(transcription: WordChecksResult['transcription']): string | null {
  switch (transcription) {
    case 'not_configured':
      // Read by creators (and, in old reports, by clients): how the server is set up, never a setting's name.
      return 'word checks are off on this server';
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

export function wordChecksResult(ai: AiMeta, m: Metrics, transcript: Transcript | null, candidates: Candidate[]): WordChecksResult {
  const transcription = transcriptionState(ai, m.has_audio, transcript);
  const reason = notRunReason(transcription);
  if (reason) {
    return {
      transcription,
      note: `Words not checked: ${reason}.`,
      checks: WORD_CHECK_IDS.map((id) => ({ id, status: 'not_run', evidence: `Not run: ${reason}.` })),
    };
  }
  const pace = transcript ? speechPace(transcript) : null;
  const ruleChecks = (Object.keys(CHECK_CODES) as Array<keyof typeof CHECK_CODES>).map((id): WordCheck => {
    const found = candidates.find((c) => c.code === CHECK_CODES[id]);
    if (!found) return { id, status: 'pass', evidence: PASS_EVIDENCE[id](pace) };
    return { id, status: found.severity === 'low' ? 'warn' : 'fail', evidence: found.evidence };
  });
  const [openingLine, ...otherRuleChecks] = ruleChecks;
  return {
    transcription,
    note: 'Words checked from the transcript.',
    checks: [openingLine!, hookTopicCheck(transcript), ...otherRuleChecks, speakingRateCheck(pace), captionsMatchCheck(m, transcript)],
    ...(pace ? { pace } : {}),
  };
}
