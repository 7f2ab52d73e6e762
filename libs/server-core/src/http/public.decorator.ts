import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'auth:public';

/** Open to visitors; every other gateway route needs a signed-in user (default deny). */
export const Public = () => SetMetadata(IS_PUBLIC, true);
