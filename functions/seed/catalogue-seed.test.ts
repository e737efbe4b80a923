import { describe, expect, it } from 'vitest';
import { richContent } from './catalogue-data';
import { subTopicIdeas } from './catalogue-ideas';
import { buildSeedCatalogue } from './catalogue-seed';

const now = '2026-01-01T00:00:00.000Z';

describe('the demo catalogue', () => {
  const catalogue = buildSeedCatalogue(now);
  const topics = new Map(catalogue.topics.map((topic) => [topic._id, topic]));

  it('says something of its own on every sub-topic page: an idea written for it, or hand-written content', () => {
    const withoutContent = catalogue.subTopics.filter((subTopic) => {
      const topic = topics.get(subTopic.topicId)!;
      return (
        !subTopicIdeas[`${topic.subject}/${subTopic.name}`] &&
        !richContent[`${topic.subject}/${topic.name}/${subTopic.name}`]
      );
    });
    expect(withoutContent.map((s) => s.name)).toEqual([]);
  });

  it('gives every sub-topic a summary, an overview, a video and a FAQ, and every topic at least two videos', () => {
    for (const subTopic of catalogue.subTopics) {
      expect(subTopic.summary, subTopic.name).toMatch(/\S/);
      expect(subTopic.contents.length, subTopic.name).toBeGreaterThanOrEqual(1);
      expect(subTopic.videoLinks.length, subTopic.name).toBeGreaterThanOrEqual(1);
      expect(subTopic.faqs.length, subTopic.name).toBeGreaterThanOrEqual(1);
    }
    for (const topic of catalogue.topics) {
      const videos = catalogue.subTopics
        .filter((s) => s.topicId === topic._id)
        .reduce((sum, s) => sum + s.videoLinks.length, 0);
      expect(videos, topic.name).toBeGreaterThanOrEqual(2);
    }
  });

  it('keeps pages apart: summaries differ, and slugs are unique within their topic and subject', () => {
    const summaries = new Set(catalogue.subTopics.map((s) => s.summary));
    // Hand-written and idea-based summaries: only identically named sub-topics of the same subject in
    // different curricula may share one.
    expect(summaries.size).toBeGreaterThan(catalogue.subTopics.length / 3);
    const subTopicSlugs = catalogue.subTopics.map((s) => `${s.topicId}/${s.slug}`);
    expect(new Set(subTopicSlugs).size).toBe(subTopicSlugs.length);
    const topicSlugs = catalogue.topics.map((t) => `${t.subjectId}/${t.slug}`);
    expect(new Set(topicSlugs).size).toBe(topicSlugs.length);
  });

  it('is the same on every build (stable ids and wording), so a re-seed never duplicates or rewrites', () => {
    const again = buildSeedCatalogue(now);
    expect(again).toEqual(catalogue);
  });

  it('covers the sciences, literature and Chinese in the IGCSE, Edexcel and IB curricula', () => {
    const names = (curriculumId: string) =>
      catalogue.subjects.filter((s) => s.curriculumId === curriculumId).map((s) => s.name);
    expect(names('cur-cambridge-igcse')).toEqual(
      expect.arrayContaining(['Coordinated Science', 'Combined Science', 'English Literature', 'Chinese']),
    );
    expect(names('cur-edexcel-igcse')).toEqual(expect.arrayContaining(['English Literature', 'Chinese']));
    expect(names('cur-ib-diploma')).toEqual(expect.arrayContaining(['English Literature', 'Chinese']));
  });
});
