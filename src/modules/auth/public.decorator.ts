import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'isPublic';

/** Marks a route (or controller) as reachable without a bearer token: /public/*, health, the debug probe. */
export const Public = () => SetMetadata(IS_PUBLIC, true);
