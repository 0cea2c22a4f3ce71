// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { describeUploadFailure, parseUploadResponse, uploadFailedToast } from './uploadErrors';

describe('describeUploadFailure (docs/product.md, Errors)', () => {
  it.each([
    [{ kind: 'cancelled' as const }, 'Upload was cancelled'],
    [{ kind: 'timeout' as const }, 'Upload timed out - please try again'],
    [{ kind: 'unauthenticated' as const }, 'Authentication required'],
    [{ kind: 'invalid-response' as const }, 'Invalid response format'],
    [{ kind: 'tus' as const }, 'Upload failed (network)'],
    [{ kind: 'tus' as const, status: 0 }, 'Upload failed (network)'],
    [{ kind: 'tus' as const, status: 500, body: '<html>' }, 'Upload failed: 500'],
    [{ kind: 'tus' as const, status: 503, body: '{"statusCode":503}' }, 'Upload failed: 503'],
    [{ kind: 'tus' as const, status: 401, body: null }, 'Authentication required'],
    [{ kind: 'tus' as const, status: 415, body: '{"statusCode":415,"message":"Please upload a valid video file."}' }, 'Please upload a valid video file.'],
    [{ kind: 'tus' as const, status: 422, body: '{"message":"This file has no video stream."}' }, 'This file has no video stream.'],
  ])('%j → %s', (failure, reason) => {
    expect(describeUploadFailure(failure).reason).toBe(reason);
  });

  it('402 carries the server text (default: the upload wording) and asks for the pricing redirect', () => {
    expect(describeUploadFailure({ kind: 'tus', status: 402, body: '{"message":"Your trial has expired. Please upgrade to continue uploading."}' })).toEqual({
      reason: 'Your trial has expired. Please upgrade to continue uploading.',
      status: 402,
      paymentRequired: true,
    });
    expect(describeUploadFailure({ kind: 'tus', status: 402, body: '' }).reason).toBe('Your trial has expired. Please upgrade to continue uploading.');
  });

  it("402 of a creator who never had a trial carries the server's reason for the dialog's title", () => {
    const body = JSON.stringify({ message: 'Your free analysis is used. Upgrade to Creator Pro to keep analysing videos.', reason: 'free_analysis_used' });
    expect(describeUploadFailure({ kind: 'tus', status: 402, body })).toEqual({
      reason: 'Your free analysis is used. Upgrade to Creator Pro to keep analysing videos.',
      status: 402,
      paymentRequired: true,
      paymentReason: 'free_analysis_used',
    });
  });

  it('toast text', () => {
    expect(uploadFailedToast('a.mp4', 'Upload failed (network)')).toBe('Failed to upload a.mp4: Upload failed (network)');
  });
});

describe('parseUploadResponse', () => {
  it('reads reportId, or null for anything else', () => {
    expect(parseUploadResponse('{"reportId":"r-1"}')).toBe('r-1');
    expect(parseUploadResponse('{"id":"r-1"}')).toBeNull();
    expect(parseUploadResponse('')).toBeNull();
    expect(parseUploadResponse('nope')).toBeNull();
  });
});
