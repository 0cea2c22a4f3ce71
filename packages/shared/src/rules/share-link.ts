/** Share links (docs/product.md, Sharing): how long one lives unless the creator asks otherwise, and at most. */
export const SHARE_LINK_DEFAULT_DAYS = 7;
export const SHARE_LINK_MAX_DAYS = 30;
