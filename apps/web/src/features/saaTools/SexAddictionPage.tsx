/**
 * /programs/saa/sex-addiction: what sex addiction is and is not, how SAA helps, and where its meetings and
 * literature are. Written in SAM's own words; no fellowship's literature is copied.
 */
import { Link } from 'react-router';
import { Page } from '../../ui/Page.tsx';
import { CrisisLines } from '../assessment/index.ts';
import { programById } from '../programs/index.ts';
import styles from './saaTools.module.css';

function ExternalLink({ href, children }: { href: string; children: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}

export function SexAddictionPage() {
  const saa = programById('saa');
  return (
    <Page
      title="Sex Addiction"
      eyebrow="SAA"
      intro="What sex addiction is and what it is not, and how recovery in SAA can help. In plain words, without judgement."
    >
      <div className={styles.reading}>
        <section aria-labelledby="what-it-is" className={styles.section}>
          <h2 id="what-it-is">What sex addiction is</h2>
          <p>
            Sex addiction is a pattern: sexual behavior a person keeps going back to even when it hurts them
            or the people they love, and even after promising themselves to stop. It can happen with other
            people, alone, online or on the phone. What makes it an addiction is not the behavior itself but
            the loss of choice. Over time it becomes something we feel driven to do, often to escape stress,
            loneliness or pain.
          </p>
          <p>
            Many people describe the same things: trying to stop and not managing it, spending more and more
            time on it, keeping secrets or living a double life, and feeling ashamed afterwards. If some of
            this sounds familiar, you are not alone, and things can change.
          </p>
        </section>

        <section aria-labelledby="what-it-is-not" className={styles.section}>
          <h2 id="what-it-is-not">What it is not</h2>
          <ul className={styles.terms}>
            <li>
              It is not about who you are attracted to or who you love. Sexual orientation and gender identity
              are not addictions.
            </li>
            <li>
              It is not about kinks or how much you want sex. What consenting adults choose freely, and feel
              at peace with, is not what recovery is for.
            </li>
            <li>
              It is not a moral failing or a lack of willpower. Good people struggle with it, and shame
              usually makes it harder, not easier.
            </li>
            <li>
              It is not for anyone else to decide. Only you can say whether your sexual behavior has become a
              problem.
            </li>
          </ul>
        </section>

        <section aria-labelledby="how-saa-helps" className={styles.section}>
          <h2 id="how-saa-helps">How the program helps</h2>
          <p>
            Sex Addicts Anonymous is a twelve-step fellowship of people who help each other stop compulsive
            sexual behavior. It costs nothing, and anyone who wants to stop their addictive sexual behavior is
            welcome.
          </p>
          <ul className={styles.terms}>
            <li>
              <strong>Fellowship.</strong> Meetings in person, by phone or online, where members talk about
              their own experience. You can simply listen.
            </li>
            <li>
              <strong>A sponsor.</strong> A member with more time in recovery who walks through the steps with
              you, and whom you can call when things are hard.
            </li>
            <li>
              <strong>The twelve steps.</strong> A path of honesty, making amends and growth, taken at your
              own pace.
            </li>
            <li>
              <strong>The three circles.</strong> A simple picture of your own recovery: the behaviors you
              want to stop in the inner circle, the risky ones to watch in the middle circle, and the healthy
              things you want more of in the outer circle.
            </li>
            <li>
              <strong>Sobriety you define.</strong> Sexuality is a healthy part of life, so there is no one
              rule for everyone. Each member decides, often with their sponsor, which behaviors to stop:
              staying away from those is their sobriety.
            </li>
          </ul>
        </section>

        <section aria-labelledby="meetings-and-literature" className={styles.section}>
          <h2 id="meetings-and-literature">Meetings and literature</h2>
          <ul className={styles.linkList}>
            <li>
              <ExternalLink href={saa.officialWebsite}>SAA official website</ExternalLink>
            </li>
            {saa.meetingFinder ? (
              <li>
                <ExternalLink href={saa.meetingFinder}>{saa.meetingFinderText}</ExternalLink>
              </li>
            ) : null}
            {saa.literature ? (
              <li>
                <ExternalLink href={saa.literature}>SAA literature</ExternalLink>
              </li>
            ) : null}
          </ul>
          <p className={styles.note}>
            Open meetings are open to anyone. You do not have to speak, and you do not have to give your full
            name.
          </p>
        </section>

        <section aria-labelledby="on-sam" className={styles.section}>
          <h2 id="on-sam">On SAM</h2>
          <ul className={styles.linkList}>
            <li>
              <Link to="/programs/saa/am-i-a-sex-addict">Am I a Sex Addict?</Link>
            </li>
            <li>
              <Link to="/programs/saa/three-circles">Draw My 3 Circles</Link>
            </li>
            <li>
              <Link to="/programs/saa/12-steps">Work the 12 steps</Link>
            </li>
          </ul>
        </section>

        <CrisisLines />

        <p className={styles.back}>
          <Link to="/programs/saa">← Sex Addicts Anonymous</Link>
        </p>
      </div>
    </Page>
  );
}
