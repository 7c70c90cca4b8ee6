import { loginBodySchema } from '@mekong/contracts/account';
import { z } from 'zod';
import { COUNTRY } from '@/lib/config';

export const loginFormSchema = loginBodySchema(COUNTRY).extend({ isRemembered: z.boolean() });
