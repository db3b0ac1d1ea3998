import { z } from 'zod';

export const VITAL_NAMES = ['CLS', 'FCP', 'INP', 'LCP', 'TTFB'] as const;

export const vitalBodySchema = z.object({
  name: z.enum(VITAL_NAMES),
  value: z.number().finite().min(0).max(600_000),
  rating: z.enum(['good', 'needs-improvement', 'poor']),
  id: z.string().max(100),
  page: z.string().max(200),
  navigationType: z.string().max(40).optional(),
});
export type VitalBody = z.infer<typeof vitalBodySchema>;
