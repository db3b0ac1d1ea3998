export * from './milestones.ts';
export * from './periods.ts';
