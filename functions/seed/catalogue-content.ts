import { createHash } from 'node:crypto';
import type { SubTopic, Topic } from '../../shared/schemas/catalogue';
import { subTopicIdeas } from './catalogue-ideas';

/**
 * The learning content of a seeded sub-topic without hand-written content (catalogue-data.ts has those):
 * built from what the sub-topic is about (catalogue-ideas.ts), its place in its topic, and advice that fits
 * its subject. Wording is picked by a hash of the sub-topic's path, so pages differ from each other, and the
 * same sub-topic reads the same on every seed.
 */
type Family = 'maths' | 'science' | 'english' | 'literature' | 'language' | 'social' | 'computing';

const families: Record<string, Family> = {
  Mathematics: 'maths',
  'Additional Mathematics': 'maths',
  'Further Pure Mathematics': 'maths',
  Physics: 'science',
  Chemistry: 'science',
  Biology: 'science',
  Science: 'science',
  'Coordinated Science': 'science',
  'Combined Science': 'science',
  'English Language': 'english',
  English: 'english',
  'English Literature': 'literature',
  Chinese: 'language',
  Economics: 'social',
  'Business Studies': 'social',
  'Computer Science': 'computing',
};

interface FamilyAdvice {
  /** How to study it: one is added to the overview. */
  study: string[];
  /** How it is examined. */
  exam: string[];
  /** The slips examiners report. */
  mistakes: string[];
  faqs: Array<{ question: string; answer: string }>;
}

// Placeholders: {name} (the sub-topic, lower case), {topic}, {subject}, {curriculum}.
const advice: Record<Family, FamilyAdvice> = {
  maths: {
    study: [
      'Learn the method on the worked examples first, then cover them and redo each one from the question alone.',
      'Do a few questions every day rather than many in one sitting: methods stick when they are recalled often.',
      'Check every answer by a second route (substitute it back, estimate, or sketch) before moving on.',
      'Keep a list of the question types you get wrong and come back to them a week later.',
    ],
    exam: [
      'Method marks are given for correct working even when the final answer is wrong, so write every step down.',
      'Questions on {name} range from one-mark recall to multi-step problems set in context; read the context twice.',
      'Give answers to three significant figures unless the question asks otherwise, and angles to one decimal place.',
      'Look at the marks: a 4-mark question expects several lines of working, not a single number.',
    ],
    mistakes: [
      'Rounding too early: keep full calculator values until the final answer.',
      'Sign errors when expanding brackets or moving terms across the equals sign.',
      'Leaving out units, or giving an answer in the wrong units after converting.',
      'Reading a graph or diagram that is marked "not to scale" as if it were accurate.',
    ],
    faqs: [
      {
        question: 'Can I use a calculator for {name}?',
        answer:
          'On the calculator papers, yes, but show the numbers you put in. On a non-calculator paper the same ideas are tested with simpler numbers, so practise both ways.',
      },
      {
        question: 'Which formulas do I need to learn for {name}?',
        answer:
          'Check the formula sheet of {curriculum} {subject}: anything not on it must be learned. Practise using each formula until you can recall it without looking.',
      },
      {
        question: 'How many marks is {name} usually worth?',
        answer:
          'It usually appears as part of a longer question worth 3 to 6 marks, sometimes combined with another part of {topic}.',
      },
    ],
  },
  science: {
    study: [
      'Make a one-page summary with the key terms and a labelled diagram, then test yourself on it from memory.',
      'Learn the definitions word for word: mark schemes look for the precise scientific terms.',
      'Link each idea to an experiment you could do in the lab, with its variables and the result you expect.',
      'Practise the calculations with units at every step, and learn the equations that are not given.',
    ],
    exam: [
      'Expect short recall questions, calculations and longer "explain" questions where each scientific point earns a mark.',
      'Practical questions on {name} ask you to plan, read data and suggest improvements, not only to recall facts.',
      'In calculations, write the equation, substitute with units, then give the answer to a sensible number of significant figures.',
      '"Describe" asks what happens; "explain" asks why. Answer the command word the question uses.',
    ],
    mistakes: [
      'Using everyday words where a scientific term is needed (for example "heat" instead of "thermal energy").',
      'Describing a trend in data without quoting numbers from the graph or table.',
      'Forgetting the units, or mixing grams and kilograms in one calculation.',
      'Giving one reason when the question is worth two or three marks.',
    ],
    faqs: [
      {
        question: 'Are there required practicals for {name}?',
        answer:
          'Practical skills are examined for the whole of {subject}: know how you would measure the variables in {topic}, how to make the test fair and how to reduce errors.',
      },
      {
        question: 'How much detail do I need for {name}?',
        answer:
          'Match your answer to the marks: one precise point per mark, using the terms in the syllabus. Extra detail beyond the syllabus earns nothing.',
      },
      {
        question: 'Do I need to learn the equations for {name}?',
        answer:
          'Learn any equation the syllabus lists as one to recall; the others are given on the paper. Either way, practise rearranging them.',
      },
    ],
  },
  english: {
    study: [
      'Read widely outside the syllabus: articles, short stories and speeches all build the range you draw on.',
      'Annotate a short passage every week, then write one paragraph on it under timed conditions.',
      'Collect ambitious vocabulary in a notebook with an example sentence for each word.',
      'Rewrite one of your own paragraphs, improving the openings of its sentences and its punctuation.',
    ],
    exam: [
      'Marks reward both what you say and how you say it: accuracy, range of vocabulary and organisation all count.',
      'Plan for five minutes before you write: examiners notice a clear structure at once.',
      'Use the reading material the question gives you, and keep to the audience and purpose it sets.',
      'Leave time to proofread: spelling and punctuation slips cost marks across the whole answer.',
    ],
    mistakes: [
      'Retelling the passage instead of answering the question that was asked.',
      'Copying whole phrases from the text when the question asks for your own words.',
      'Writing one long paragraph with no clear structure.',
      'Spending too long on the first question and rushing the last.',
    ],
    faqs: [
      {
        question: 'How long should my answer on {name} be?',
        answer:
          'Follow the word guidance on the paper; a focused answer of the right length scores better than a long one that drifts.',
      },
      {
        question: 'How can I improve my marks in {name} quickly?',
        answer:
          'Practise with past questions under timed conditions and compare your answer with the mark scheme’s level descriptors to see what the next level needs.',
      },
    ],
  },
  literature: {
    study: [
      'Learn short quotations by theme, not by page, so you can use them whatever the question asks.',
      'For each text, write a paragraph on how one theme develops from its opening to its ending.',
      'Practise answering in a single timed paragraph: point, short quotation, analysis of a word, link to the question.',
      'Read critical views and decide whether you agree: an argued personal response scores highest.',
    ],
    exam: [
      'Examiners reward a sustained argument that answers the question, supported by close analysis of language, form and structure.',
      'Passage-based questions expect you to stay with the extract and explore its details closely.',
      'Essay questions expect you to range across the whole text with well-chosen references.',
      'Context earns credit only when it sharpens your reading of the text itself.',
    ],
    mistakes: [
      'Retelling the plot instead of analysing how the writer creates meaning.',
      'Naming a technique without explaining its effect on the reader.',
      'Long quotations that are not then analysed.',
      'Bolting on historical context that does not connect to the question.',
    ],
    faqs: [
      {
        question: 'How many quotations should I use when writing about {name}?',
        answer:
          'Several short, embedded quotations work better than a few long ones: each should be analysed, ideally down to a single word.',
      },
      {
        question: 'Do I need to know what critics think?',
        answer:
          'It can help, but examiners are looking for your own informed response. If you use a critic’s view, argue with it.',
      },
    ],
  },
  language: {
    study: [
      'Learn a few new words every day with spaced repetition, and write each one in a sentence of your own.',
      'Listen to short recordings twice: once for the gist, once to note the details.',
      'Practise writing characters by hand as well as typing them in pinyin: both are tested.',
      'Record yourself speaking for a minute on a topic and listen back for tones.',
    ],
    exam: [
      'Listening and reading questions test both gist and detail; read the questions before the recording starts.',
      'In writing tasks, every bullet point of the task must be covered to reach the top band.',
      'Speaking marks reward range: opinions with reasons, different tenses and linking words.',
      'Answers in the reading and listening papers are usually short; copy characters carefully.',
    ],
    mistakes: [
      'Missing a bullet point of the writing task.',
      'Using the wrong measure word or leaving it out.',
      'Answering with one word in the speaking test when a reason was asked for.',
      'Confusing characters that look alike, such as 己, 已 and 巳.',
    ],
    faqs: [
      {
        question: 'Should I write in simplified or traditional characters?',
        answer: 'Either is accepted, but use one consistently throughout an answer.',
      },
      {
        question: 'How much vocabulary do I need for {name}?',
        answer:
          'Learn the vocabulary list of {curriculum} {subject} for this area first; then add words you need to give your own opinions.',
      },
    ],
  },
  social: {
    study: [
      'Learn the definitions precisely, then practise applying each one to a real business or country.',
      'Draw the diagrams from memory and label every axis and curve.',
      'Follow the news: a current example makes an analysis answer stand out.',
      'For each topic, list the arguments on both sides, so an evaluation question never finds you with only one.',
    ],
    exam: [
      'Questions move from definitions (1 to 2 marks) to analysis and evaluation worth 6 to 8 marks, where you must reach a justified conclusion.',
      'Use the case study or data the question gives: answers that apply it score higher than general ones.',
      '"Discuss" and "evaluate" need both sides and a conclusion that says which matters more and why.',
      'Show your working in calculations: the method earns marks even if a figure is wrong.',
    ],
    mistakes: [
      'Giving a textbook answer that ignores the business or country in the question.',
      'Listing points without developing them into a chain of reasoning.',
      'Reaching no conclusion in an evaluation question.',
      'Drawing diagrams without labels.',
    ],
    faqs: [
      {
        question: 'Do I need real-world examples for {name}?',
        answer:
          'They are not required, but a relevant example strengthens analysis. Most marks, though, come from applying the case study the paper gives you.',
      },
      {
        question: 'How should I structure an evaluation on {name}?',
        answer:
          'Argue one side, then the other, then judge: say which factor matters most here and what it depends on.',
      },
    ],
  },
  computing: {
    study: [
      'Trace algorithms by hand with a trace table: it is exactly what the exam asks you to do.',
      'Write short programs for each idea, then change them and predict what will happen before running them.',
      'Learn the technical vocabulary precisely: mark schemes look for the exact terms.',
      'Turn each definition into a question card and test yourself until you can answer without hesitating.',
    ],
    exam: [
      'Theory questions reward precise terms; programming questions reward working logic more than perfect syntax.',
      'Expect to complete, correct or write pseudocode, and to trace an algorithm with given data.',
      'Questions on {name} often describe a scenario: apply your answer to it rather than writing a general definition.',
      'Read any pre-release material early and write programs for it before the exam.',
    ],
    mistakes: [
      'Off-by-one errors in loops and array indexes.',
      'Confusing validation (is the data sensible?) with verification (was it entered correctly?).',
      'Using vague words such as "faster" or "better" without saying why.',
      'Forgetting to initialise a total or a counter before a loop.',
    ],
    faqs: [
      {
        question: 'Which programming language should I use for {name}?',
        answer:
          'Use the pseudocode of the syllabus where the question asks for it; otherwise any of the languages it allows. What matters is clear, correct logic.',
      },
      {
        question: 'Do I need to memorise definitions for {name}?',
        answer:
          'Yes: many marks are for precise definitions. Learn them, then practise applying them to a scenario.',
      },
    ],
  },
};

const overviewTitles = ['The key idea', 'What you need to know', 'In a nutshell', 'Start here'];
const examTitles = ['How it is examined', 'In the exam', 'Exam focus'];
const videoTitles = [
  (name: string) => `${name} explained`,
  (name: string) => `${name}: worked examples`,
  (name: string) => `${name} in ten minutes`,
  (name: string) => `Exam questions on ${name.toLowerCase()}`,
];
const reviewers = [
  'Aisha',
  'Daniel',
  'Mei',
  'Ravi',
  'Sofia',
  'Kwame',
  'Hana',
  'Lucas',
  'Priya',
  'Omar',
  'Chloe',
  'Yusuf',
];
const reviewComments: Array<(name: string) => string> = [
  (name) => `The examples on ${name.toLowerCase()} finally made it click for me.`,
  (name) => `Clear and short. I revised ${name.toLowerCase()} the night before my mock and it came up.`,
  () => 'The exam tips are exactly what my teacher keeps telling us, but explained better.',
  () => 'Good notes; the video helped more than the textbook chapter.',
  (name) => `I wish every page was like this one on ${name.toLowerCase()}.`,
  () => 'Useful, though I would like more practice questions at the end.',
];

/** 11 characters of YouTube's alphabet, from a hash: the shape of a YouTube video id. */
const videoId = (digest: Buffer, from: number) =>
  digest
    .subarray(from, from + 9)
    .toString('base64url')
    .slice(0, 11);

function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? `{${key}}`);
}

/** Lower-cases the first letter, unless the first word is a name (Pythagoras, Maslow, IF...). */
const lowerFirst = (text: string) =>
  /^(?:[A-Z][a-z]*[A-Z]|Pythagoras|Maslow|Punnett|Spring|Newton)/.test(text)
    ? text
    : `${text.charAt(0).toLowerCase()}${text.slice(1)}`;

const sentence = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;

export interface SeedSubTopicContext {
  topic: Topic;
  name: string;
  /** The other sub-topics of the same topic, in order. */
  siblings: string[];
  /** Place in the topic (0 for the first). */
  index: number;
  curriculumSlug: string;
  grades: string[];
}

export type GeneratedContent = Pick<SubTopic, 'summary'> & {
  contents: Array<{ title: string; body: string }>;
  videoLinks: Array<{ title: string; url: string }>;
  resources: Array<{ title: string; url: string; kind: 'NOTES' | 'WORKSHEET' }>;
  faqs: Array<{ question: string; answer: string }>;
  reviews: Array<{ name: string; rating: number; comment: string }>;
};

export function generatedContent(context: SeedSubTopicContext): GeneratedContent {
  const { topic, name, siblings, index } = context;
  const digest = createHash('sha1')
    .update(`${topic.curriculumId}/${topic.subject}/${topic.name}/${name}`)
    .digest();
  const pick = <T>(list: readonly T[], byte: number): T => list[digest[byte]! % list.length]!;
  const family = advice[families[topic.subject] ?? 'science'];
  const values = {
    name: name.toLowerCase(),
    topic: topic.name,
    subject: topic.subject,
    curriculum: topic.curriculum,
  };
  const idea = subTopicIdeas[`${topic.subject}/${name}`] ?? `the ideas and methods of ${name.toLowerCase()}`;

  const opening = pick(
    [
      `${sentence(idea)}`,
      `In ${topic.curriculum} ${topic.subject}, this part of ${topic.name} covers ${lowerFirst(idea)}.`,
      `${name} is about ${lowerFirst(idea)}.`,
    ],
    0,
  );
  const contents = [
    {
      title: pick(overviewTitles, 1),
      body: `${opening}\n\n${fill(pick(family.study, 2), values)}`,
    },
    { title: pick(examTitles, 3), body: fill(pick(family.exam, 4), values) },
  ];
  if (digest[5]! % 2 === 0) {
    const first = digest[6]! % family.mistakes.length;
    const second = (first + 1 + (digest[7]! % (family.mistakes.length - 1))) % family.mistakes.length;
    contents.push({
      title: 'Common mistakes',
      body: [family.mistakes[first]!, family.mistakes[second]!].map((m) => `- ${m}`).join('\n'),
    });
  }

  // Where it sits in its topic: what to study first, and what it leads to.
  const previous = siblings[index - 1];
  const next = siblings[index + 1];
  const placement =
    previous === undefined
      ? `Nothing from ${topic.name}: it is where the topic starts${next ? `, and ${next} follows it` : ''}.`
      : `${previous}, which comes just before it in ${topic.name}${next ? `; after it comes ${next}` : ''}.`;
  const faqs = [
    {
      question: pick(
        [
          `What should I study before ${name.toLowerCase()}?`,
          `What comes before ${name.toLowerCase()} in ${topic.name}?`,
        ],
        8,
      ),
      answer: `${placement} ${index === 0 ? 'Start' : 'Then start'} with the overview above and the video${index === 0 ? 's' : ''}.`,
    },
    ...[pick(family.faqs, 9)].map((faq) => ({
      question: fill(faq.question, values),
      answer: fill(faq.answer, values),
    })),
  ];

  const videoLinks = [
    {
      title: pick(videoTitles, 19)(name),
      url: `https://www.youtube.com/watch?v=${videoId(digest, 10)}`,
    },
  ];
  // The topic's first sub-topic also has the topic's overview video: every topic has at least two.
  if (index === 0) {
    videoLinks.unshift({
      title: `${topic.name}: an overview`,
      url: `https://www.youtube.com/watch?v=${videoId(digest, 2)}`,
    });
  }

  const folder = `https://resources.example.org/${context.curriculumSlug}/${topic.subjectCode.toLowerCase()}/${topic.slug}`;
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  const resources: GeneratedContent['resources'] = [
    { title: `${name}: revision notes`, url: `${folder}/${slug}-notes.pdf`, kind: 'NOTES' },
  ];
  if (digest[11]! % 2 === 1) {
    resources.push({
      title: `${name}: practice worksheet`,
      url: `${folder}/${slug}-worksheet.pdf`,
      kind: 'WORKSHEET',
    });
  }

  // Reviews on about two sub-topics in five, one or two each.
  const reviews: GeneratedContent['reviews'] = [];
  if (digest[12]! % 5 < 2) {
    const count = 1 + (digest[13]! % 2);
    for (let i = 0; i < count; i++) {
      const grade = context.grades[digest[14 + i]! % Math.max(1, context.grades.length)] ?? 'student';
      reviews.push({
        name: `${reviewers[digest[15 + i]! % reviewers.length]}, ${grade}`,
        rating: 3 + (digest[16 + i]! % 3),
        comment: reviewComments[(digest[17]! + i) % reviewComments.length]!(name),
      });
    }
  }

  return { summary: `${sentence(idea)}`, contents, videoLinks, resources, faqs, reviews };
}
