/**
 * The demo catalogue's syllabus outline: topics per subject name, and sub-topics per topic where the
 * syllabus is spelled out. Subjects the outline does not list get their topics from `generalTopics`.
 * Names follow the public Cambridge, Edexcel and IB syllabus headings.
 */
export const topicOutline: Record<string, Record<string, string[]>> = {
  Mathematics: {
    Number: [
      'Types of number',
      'Fractions, decimals and percentages',
      'Standard form',
      'Ratio and proportion',
      'Bounds and estimation',
    ],
    'Algebra and graphs': [
      'Linear equations',
      'Simultaneous equations',
      'Quadratic equations',
      'Sequences',
      'Graphs of functions',
    ],
    'Coordinate geometry': ['Straight-line graphs', 'Gradient and midpoint', 'Equation of a line'],
    Geometry: ['Angle properties', 'Circle theorems', 'Similarity and congruence', 'Constructions and loci'],
    Mensuration: ['Perimeter and area', 'Surface area and volume', 'Arcs and sectors'],
    Trigonometry: ['Right-angled triangles', 'Sine and cosine rules', 'Bearings', 'Trigonometric graphs'],
    'Transformations and vectors': [
      'Reflections, rotations and translations',
      'Enlargement',
      'Vector arithmetic',
    ],
    Probability: ['Single events', 'Combined events and tree diagrams', 'Conditional probability'],
    Statistics: ['Averages and range', 'Cumulative frequency', 'Histograms', 'Scatter diagrams'],
  },
  'Additional Mathematics': {
    Functions: ['Domain and range', 'Composite functions', 'Inverse functions'],
    'Quadratic functions': ['Completing the square', 'The discriminant', 'Quadratic inequalities'],
    'Logarithmic and exponential functions': ['Laws of logarithms', 'Exponential equations'],
    Calculus: ['Differentiation', 'Stationary points', 'Integration', 'Kinematics'],
    'Series and binomial expansion': [
      'Binomial theorem',
      'Arithmetic progressions',
      'Geometric progressions',
    ],
  },
  'Further Pure Mathematics': {
    'Logarithmic functions and indices': ['Laws of indices', 'Change of base'],
    'The quadratic function': ['Roots and coefficients', 'Inequalities'],
    Calculus: [
      'Differentiation from first principles',
      'Chain, product and quotient rules',
      'Definite integrals',
    ],
    'Vectors and 3D geometry': ['Position vectors', 'Angles between lines'],
  },
  Physics: {
    'Motion, forces and energy': [
      'Speed, velocity and acceleration',
      "Newton's laws",
      'Momentum',
      'Work, energy and power',
      'Pressure',
    ],
    'Thermal physics': ['Kinetic particle model', 'Thermal properties', 'Transfer of thermal energy'],
    Waves: ['General wave properties', 'Light and refraction', 'Electromagnetic spectrum', 'Sound'],
    'Electricity and magnetism': [
      'Electric charge and current',
      'Resistance and circuits',
      'Electromagnetic induction',
    ],
    'Nuclear physics': ['The nuclear model', 'Radioactivity', 'Half-life'],
    'Space physics': ['The Earth and the Solar System', 'Stars and the Universe'],
  },
  Chemistry: {
    'States of matter': ['Solids, liquids and gases', 'Diffusion'],
    'Atoms, elements and compounds': [
      'Atomic structure',
      'Ionic bonding',
      'Covalent bonding',
      'Metallic bonding',
    ],
    Stoichiometry: ['Formulae and equations', 'The mole', 'Reacting masses'],
    Electrochemistry: ['Electrolysis', 'Fuel cells'],
    'Chemical reactions': ['Rates of reaction', 'Reversible reactions and equilibrium', 'Redox'],
    'Acids, bases and salts': ['Properties of acids and bases', 'Preparation of salts'],
    'Organic chemistry': ['Alkanes and alkenes', 'Alcohols', 'Polymers'],
  },
  Biology: {
    'Characteristics of living organisms': ['Classification', 'Features of organisms'],
    Cells: ['Cell structure', 'Size of specimens', 'Diffusion, osmosis and active transport'],
    'Biological molecules and enzymes': ['Carbohydrates, fats and proteins', 'Enzyme action'],
    'Plant nutrition and transport': ['Photosynthesis', 'Leaf structure', 'Transpiration'],
    'Human physiology': ['Digestion', 'Circulation', 'Gas exchange', 'Coordination and response'],
    'Inheritance and evolution': ['DNA and genes', 'Monohybrid inheritance', 'Natural selection'],
    Ecology: ['Food chains and webs', 'Nutrient cycles', 'Human influences on ecosystems'],
  },
  Science: {
    Biology: ['Cells and organisms', 'Life processes', 'Ecosystems'],
    Chemistry: ['Materials and their structure', 'Properties of materials', 'Changes to materials'],
    Physics: ['Forces and energy', 'Electricity and magnetism', 'Light and sound'],
    'Earth and space': ['Planet Earth', 'Cycles on Earth', 'Earth in space'],
    'Thinking and working scientifically': ['Planning investigations', 'Analysing results'],
  },
  'English Language': {
    Reading: ['Comprehension', 'Summary writing', "Writer's effect"],
    'Directed writing': ['Letters and speeches', 'Articles and reports'],
    'Composition: descriptive writing': ['Sensory detail', 'Structure and paragraphing'],
    'Composition: narrative writing': ['Plot and tension', 'Characterisation'],
  },
  English: {
    Reading: ['Fiction', 'Non-fiction', 'Poetry'],
    Writing: ['Planning and structure', 'Grammar and punctuation', 'Vocabulary and style'],
    'Speaking and listening': ['Presentations', 'Group discussion'],
  },
  Economics: {
    'The basic economic problem': [
      'Scarcity and choice',
      'Opportunity cost',
      'Production possibility curves',
    ],
    'The allocation of resources': ['Demand and supply', 'Price elasticity', 'Market failure'],
    'Microeconomic decision makers': ['Money and banking', 'Firms and production', 'Labour markets'],
    'Government and the macroeconomy': ['Fiscal policy', 'Monetary policy', 'Inflation and unemployment'],
    'International trade and globalisation': ['Specialisation and free trade', 'Exchange rates'],
  },
  'Business Studies': {
    'Understanding business activity': ['Business objectives', 'Types of business organisation'],
    'People in business': ['Motivating employees', 'Recruitment and training'],
    Marketing: ['Market research', 'The marketing mix'],
    'Operations management': ['Production methods', 'Costs and break-even'],
    'Financial information and decisions': [
      'Sources of finance',
      'Cash-flow forecasting',
      'Income statements',
    ],
  },
  'Computer Science': {
    'Data representation': ['Number systems', 'Text, sound and images', 'Data compression'],
    'Data transmission': ['Packet switching', 'Error detection', 'Encryption'],
    Hardware: ['Computer architecture', 'Input and output devices', 'Data storage'],
    Algorithms: ['Pseudocode and flowcharts', 'Searching and sorting', 'Validation and testing'],
    Programming: ['Variables and data types', 'Selection and iteration', 'Arrays and procedures'],
    Databases: ['Tables and records', 'SQL queries'],
  },
  'Coordinated Science': {
    'Biology: cells and organisms': [
      'Cell structure and organisation',
      'Movement into and out of cells',
      'Enzymes',
    ],
    'Biology: nutrition and respiration': ['Plant nutrition', 'Human nutrition', 'Respiration'],
    'Chemistry: particles and bonding': [
      'The particulate nature of matter',
      'Atomic structure and the Periodic Table',
      'Bonding and structure',
    ],
    'Chemistry: reactions': ['Stoichiometry', 'Energy changes in reactions', 'Acids, bases and salts'],
    'Physics: motion and energy': ['Motion', 'Energy, work and power', 'Thermal physics'],
    'Physics: waves and electricity': ['Properties of waves', 'Electrical quantities', 'Electric circuits'],
  },
  'Combined Science': {
    'Organisms and their environment': ['Characteristics of living organisms', 'Food chains and energy flow'],
    'Human biology': ['Nutrition and digestion', 'Transport in humans', 'Gas exchange and respiration'],
    'Matter and reactions': ['States of matter', 'Elements, compounds and mixtures', 'Rates of reaction'],
    'Metals and the Earth': ['Properties of metals', 'The reactivity series', 'Air and water'],
    'Forces and energy': ['Speed and acceleration', 'Forces and motion', 'Energy resources'],
    'Waves, light and electricity': ['Light and lenses', 'Current, voltage and resistance'],
  },
  'English Literature': {
    Poetry: ['Reading a poem closely', 'Form and structure', 'Comparing poems'],
    Prose: ['Narrative voice', 'Characterisation', 'Setting and atmosphere'],
    Drama: ['Dramatic tension', 'Stagecraft', 'Soliloquy and dialogue'],
    'Unseen texts': ['Approaching an unseen text', 'Planning a critical response'],
    'Writing about literature': ['Building an argument', 'Using quotations', 'Context'],
  },
  Chinese: {
    Listening: ['Understanding announcements', 'Following conversations'],
    Reading: ['Characters and radicals', 'Reading for gist', 'Reading for detail'],
    Writing: ['Writing short messages', 'Writing an article', 'Sentence patterns and measure words'],
    Speaking: ['Role plays', 'Topic conversation', 'Pronunciation and tones'],
    'Topics and vocabulary': ['Home and school life', 'Travel and the wider world', 'Festivals and customs'],
  },
};

/** Subjects outside the outline above. */
export const generalTopics = ['Foundations', 'Core concepts', 'Applications', 'Exam technique'];

/**
 * Hand-written content for a few sub-topics (keyed by subject/topic/sub-topic name); every other
 * sub-topic gets its content from catalogue-content.ts (its key idea, the subject's exam advice...).
 */
export const richContent: Record<
  string,
  {
    summary: string;
    contents: Array<{ title: string; body: string }>;
    videoLinks: Array<{ title: string; url: string }>;
    resources: Array<{
      title: string;
      url: string;
      kind: 'NOTES' | 'WORKSHEET' | 'PAST_PAPER' | 'MARK_SCHEME' | 'LINK';
    }>;
    faqs: Array<{ question: string; answer: string }>;
    reviews: Array<{ name: string; rating: number; comment: string }>;
  }
> = {
  'Mathematics/Algebra and graphs/Linear equations': {
    summary: 'Solve equations with one unknown, including brackets, fractions and unknowns on both sides.',
    contents: [
      {
        title: 'What a linear equation is',
        body: 'A linear equation has one unknown raised only to the power one, such as 3x + 5 = 20.\n\nTo solve it, do the same operation to both sides until the unknown stands alone: subtract 5 from both sides to get 3x = 15, then divide both sides by 3 to get x = 5.',
      },
      {
        title: 'Unknowns on both sides',
        body: 'Collect the unknowns on the side where their coefficient is larger, and the numbers on the other side.\n\nExample: 7x - 4 = 3x + 12 gives 4x = 16, so x = 4. Check by substituting: 7(4) - 4 = 24 and 3(4) + 12 = 24.',
      },
      {
        title: 'Equations with fractions',
        body: 'Multiply every term by the lowest common multiple of the denominators first.\n\nExample: x/3 + x/4 = 7. Multiply by 12: 4x + 3x = 84, so 7x = 84 and x = 12.',
      },
    ],
    videoLinks: [
      { title: 'Solving linear equations step by step', url: 'https://www.youtube.com/watch?v=l3XzepN03KQ' },
      { title: 'Equations with unknowns on both sides', url: 'https://www.youtube.com/watch?v=Qyd_v3DGzTM' },
    ],
    resources: [
      {
        title: 'Linear equations revision notes',
        url: 'https://resources.example.org/igcse/maths/linear-equations-notes.pdf',
        kind: 'NOTES',
      },
      {
        title: 'Practice worksheet (30 questions)',
        url: 'https://resources.example.org/igcse/maths/linear-equations-worksheet.pdf',
        kind: 'WORKSHEET',
      },
      {
        title: 'Past paper questions with mark scheme',
        url: 'https://resources.example.org/igcse/maths/linear-equations-past-papers.pdf',
        kind: 'PAST_PAPER',
      },
    ],
    faqs: [
      {
        question: 'Do I always have to check my answer?',
        answer:
          'It is not required for the marks, but substituting your answer back into the original equation takes seconds and catches most sign errors.',
      },
      {
        question: 'What if the unknown cancels out?',
        answer:
          'If you are left with a true statement such as 4 = 4, every value works; if you are left with a false one such as 4 = 7, the equation has no solution.',
      },
    ],
    reviews: [
      { name: 'Aisha, Grade 10', rating: 5, comment: 'The fractions example finally made it click for me.' },
      { name: 'Daniel, parent', rating: 4, comment: 'Clear notes; my son uses the worksheet every week.' },
    ],
  },
  "Physics/Motion, forces and energy/Newton's laws": {
    summary: 'Resultant force, mass and acceleration, and why objects keep moving without a force.',
    contents: [
      {
        title: 'Resultant force and acceleration',
        body: 'The resultant force on an object equals its mass times its acceleration: F = ma.\n\nA 1200 kg car with a resultant force of 3600 N accelerates at 3 m/s².',
      },
    ],
    videoLinks: [
      { title: "Newton's three laws explained", url: 'https://www.youtube.com/watch?v=kKKM8Y-u7ds' },
    ],
    resources: [
      {
        title: "Newton's laws summary sheet",
        url: 'https://resources.example.org/igcse/physics/newtons-laws.pdf',
        kind: 'NOTES',
      },
    ],
    faqs: [
      {
        question: 'Is weight the same as mass?',
        answer:
          'No. Mass is the amount of matter (kg); weight is the gravitational force on it (N): W = mg, with g about 9.8 N/kg on Earth.',
      },
    ],
    reviews: [{ name: 'Ravi, Grade 9', rating: 5, comment: 'Short and exactly what the exam asks.' }],
  },
};
