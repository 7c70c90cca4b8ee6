import { phoneSchema } from '@mekong/contracts/fields';
import { z } from 'zod';
import { COUNTRY } from '@/lib/config';

export const phoneFormSchema = z.object({ phone: phoneSchema(COUNTRY) });
