import { sharedPagePreload } from './shared-page-preload';

describe('sharedPagePreload', () => {
  const token = 'aF_8eY9TOxcWAstdlrTnz6KsK62RAhB-HfmJ5wxlL_0';

  it("preloads a shared report's or comparison's data with its page", () => {
    expect(sharedPagePreload(`/app/client/${token}`)).toBe(`</public/prevention/share/${token}>; rel=preload; as=fetch; crossorigin=anonymous`);
    expect(sharedPagePreload(`/app/client/compare/${token}`)).toBe(`</public/compare/share/${token}>; rel=preload; as=fetch; crossorigin=anonymous`);
  });

  it('echoes nothing that could not be a token (here: angle brackets and a comma that would add a link)', () => {
    expect(sharedPagePreload('/app/client/abc>,<x>;rel=preload')).toBeNull();
    expect(sharedPagePreload('/app/client/short')).toBeNull();
  });

  it('preloads nothing for other pages', () => {
    expect(sharedPagePreload('/app/dashboard')).toBeNull();
    expect(sharedPagePreload(`/app/analysis/${token}`)).toBeNull();
  });
});
