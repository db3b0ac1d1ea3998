import type { ComponentType } from 'react';
import { PrayerSection, QuestionsSection } from './QuestionsSection.tsx';
import { Step1Section } from './Step1Section.tsx';
import { Step4Section } from './Step4Section.tsx';
import { Step5Section } from './Step5Section.tsx';
import { Step6Section } from './Step6Section.tsx';
import { Step7Section } from './Step7Section.tsx';
import type { StepToolsProps } from './stepTools.ts';

/** Each step's own tools, shown under the action they belong to: step -> action id -> section. */
export const ACTION_SECTIONS: Readonly<
  Record<number, Readonly<Record<number, ComponentType<StepToolsProps>>>>
> = {
  1: { 3: Step1Section },
  2: { 3: QuestionsSection },
  3: { 3: QuestionsSection, 4: PrayerSection },
  4: { 3: Step4Section },
  5: { 3: Step5Section },
  6: { 3: Step6Section },
  7: { 3: Step7Section },
};
