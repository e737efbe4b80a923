/**
 * What each seeded sub-topic is about, in a sentence (keyed by subject / sub-topic name): the start of its
 * summary, overview and first FAQ answer, so every page of the demo catalogue says something of its own.
 * Written from the public Cambridge, Edexcel and IB syllabus statements.
 */
export const subTopicIdeas: Record<string, string> = {
  // Mathematics
  'Mathematics/Types of number':
    'Natural numbers, integers, primes, square and cube numbers, rational and irrational numbers, and how to tell them apart',
  'Mathematics/Fractions, decimals and percentages':
    'Moving between fractions, decimals and percentages, and using them for percentage change, reverse percentages and interest',
  'Mathematics/Standard form':
    'Writing very large and very small numbers as A × 10ⁿ with 1 ≤ A < 10, and calculating with them with and without a calculator',
  'Mathematics/Ratio and proportion':
    'Sharing in a given ratio, direct and inverse proportion, and scaling recipes, maps and exchange rates',
  'Mathematics/Bounds and estimation':
    'Rounding to significant figures, upper and lower bounds of measurements, and the largest and smallest values a calculation can take',
  'Mathematics/Linear equations':
    'Solving equations with one unknown, including brackets, fractions and unknowns on both sides',
  'Mathematics/Simultaneous equations':
    'Solving two equations in two unknowns by elimination or substitution, including one linear and one quadratic equation',
  'Mathematics/Quadratic equations':
    'Solving ax² + bx + c = 0 by factorising, completing the square and the quadratic formula, and knowing which to choose',
  'Mathematics/Sequences':
    'Continuing sequences, finding the nth term of linear and quadratic sequences, and recognising geometric ones',
  'Mathematics/Graphs of functions':
    'Drawing and reading graphs of linear, quadratic, cubic, reciprocal and exponential functions, and solving equations from them',
  'Mathematics/Straight-line graphs':
    'Plotting straight lines from tables and recognising y = mx + c from a graph',
  'Mathematics/Gradient and midpoint':
    'Finding the gradient, length and midpoint of a line segment from the coordinates of its ends',
  'Mathematics/Equation of a line':
    'Writing the equation of a line through two points or parallel and perpendicular to another line',
  'Mathematics/Angle properties':
    'Angles on lines, at points, in parallel lines, triangles and polygons, with the reason each fact gives',
  'Mathematics/Circle theorems':
    'The angle properties of circles (angles in the same segment, at the centre, in a semicircle, cyclic quadrilaterals and tangents)',
  'Mathematics/Similarity and congruence':
    'Proving triangles congruent, and using scale factors of length, area and volume in similar shapes',
  'Mathematics/Constructions and loci':
    'Constructing bisectors and triangles with ruler and compasses, and shading regions that meet several conditions',
  'Mathematics/Perimeter and area':
    'Perimeter and area of rectangles, triangles, parallelograms, trapezia, circles and compound shapes',
  'Mathematics/Surface area and volume':
    'Surface area and volume of prisms, cylinders, pyramids, cones and spheres, and converting between units',
  'Mathematics/Arcs and sectors': 'Arc length and sector area as fractions of the whole circle, in degrees',
  'Mathematics/Right-angled triangles':
    "Pythagoras' theorem and sine, cosine and tangent to find missing sides and angles in right-angled triangles",
  'Mathematics/Sine and cosine rules':
    'The sine rule, the cosine rule and ½ab sin C for triangles without a right angle',
  'Mathematics/Bearings':
    'Three-figure bearings measured clockwise from north, and back bearings in navigation problems',
  'Mathematics/Trigonometric graphs':
    'The graphs of sine, cosine and tangent from 0° to 360°, and solving trigonometric equations in that range',
  'Mathematics/Reflections, rotations and translations':
    'Describing and carrying out reflections, rotations and translations fully, with mirror lines, centres and vectors',
  'Mathematics/Enlargement': 'Enlargements with positive and fractional scale factors about a given centre',
  'Mathematics/Vector arithmetic':
    'Adding and scaling column vectors, magnitudes, and using vectors to prove that lines are parallel',
  'Mathematics/Single events':
    'Probability on a scale from 0 to 1, equally likely outcomes and relative frequency',
  'Mathematics/Combined events and tree diagrams':
    'Listing outcomes in sample spaces and using tree diagrams for independent and dependent events',
  'Mathematics/Conditional probability':
    'Probability given that something has already happened, from tree diagrams, Venn diagrams and two-way tables',
  'Mathematics/Averages and range':
    'Mean, median, mode and range from lists and frequency tables, and an estimated mean from grouped data',
  'Mathematics/Cumulative frequency':
    'Drawing cumulative frequency curves and reading the median, quartiles, interquartile range and percentiles',
  'Mathematics/Histograms':
    'Histograms with unequal class widths, where the area of each bar, not its height, is the frequency',
  'Mathematics/Scatter diagrams':
    'Plotting scatter diagrams, describing correlation and estimating with a line of best fit',
  // Additional Mathematics
  'Additional Mathematics/Domain and range':
    'Which inputs a function accepts and which outputs it can give, written in set notation',
  'Additional Mathematics/Composite functions':
    'Applying one function after another, fg(x), and finding the domain that makes it work',
  'Additional Mathematics/Inverse functions':
    'Finding f⁻¹(x), its domain and range, and the reflection of a graph in the line y = x',
  'Additional Mathematics/Completing the square':
    'Writing a quadratic as a(x + p)² + q to find its vertex, its line of symmetry and its least or greatest value',
  'Additional Mathematics/The discriminant':
    'Using b² − 4ac to decide whether a quadratic has two, one or no real roots, and where a line meets a curve',
  'Additional Mathematics/Quadratic inequalities':
    'Solving quadratic inequalities with a sketch and writing the solution set correctly',
  'Additional Mathematics/Laws of logarithms':
    'The product, quotient and power laws of logarithms and changing between logarithmic and exponential forms',
  'Additional Mathematics/Exponential equations':
    'Solving equations such as 3ˣ = 20 by taking logarithms of both sides',
  'Additional Mathematics/Differentiation':
    'Differentiating powers of x, eˣ, ln x, sin x and cos x, with the chain, product and quotient rules',
  'Additional Mathematics/Stationary points':
    'Finding where a gradient is zero and deciding between maximum and minimum with the second derivative',
  'Additional Mathematics/Integration':
    'Integration as the reverse of differentiation, definite integrals and the area under a curve',
  'Additional Mathematics/Kinematics':
    'Displacement, velocity and acceleration of a particle moving in a straight line, linked by calculus',
  'Additional Mathematics/Binomial theorem':
    'Expanding (a + b)ⁿ for a positive integer n and finding a particular term',
  'Additional Mathematics/Arithmetic progressions':
    'The nth term and the sum of the first n terms of a sequence with a common difference',
  'Additional Mathematics/Geometric progressions':
    'The nth term, the sum of n terms and the sum to infinity of a sequence with a common ratio',
  // Further Pure Mathematics
  'Further Pure Mathematics/Laws of indices': 'Simplifying and solving with negative and fractional indices',
  'Further Pure Mathematics/Change of base':
    'Changing the base of a logarithm to solve equations in unfamiliar bases',
  'Further Pure Mathematics/Roots and coefficients':
    'The sum and product of the roots of a quadratic, and forming new equations from given roots',
  'Further Pure Mathematics/Inequalities':
    'Linear and quadratic inequalities, and regions on a graph that satisfy several at once',
  'Further Pure Mathematics/Differentiation from first principles':
    'The gradient of a curve as the limit of the gradient of a chord, worked from the definition',
  'Further Pure Mathematics/Chain, product and quotient rules':
    'Differentiating composite functions, products and quotients, and combining the rules',
  'Further Pure Mathematics/Definite integrals':
    'Evaluating definite integrals and using them for areas and volumes of revolution',
  'Further Pure Mathematics/Position vectors':
    'Position vectors of points, and dividing a line in a given ratio',
  'Further Pure Mathematics/Angles between lines':
    'The scalar product and the angle between two lines or vectors in three dimensions',
  // Physics
  'Physics/Speed, velocity and acceleration':
    'Speed, velocity and acceleration, and reading them from distance-time and speed-time graphs',
  "Physics/Newton's laws":
    'Resultant force, mass and acceleration, and why objects keep moving without a force',
  'Physics/Momentum':
    'Momentum as mass × velocity, its conservation in collisions and explosions, and impulse',
  'Physics/Work, energy and power':
    'Energy stores and transfers, work done as force × distance, efficiency, and power as the rate of transfer',
  'Physics/Pressure': 'Pressure as force per unit area, and pressure in liquids increasing with depth',
  'Physics/Kinetic particle model':
    'How the arrangement and motion of particles explain solids, liquids, gases and gas pressure',
  'Physics/Thermal properties':
    'Thermal expansion, specific heat capacity, and melting and boiling without a change in temperature',
  'Physics/Transfer of thermal energy':
    'Conduction, convection and radiation, and how insulation reduces each',
  'Physics/General wave properties':
    'Wavelength, frequency, amplitude and speed of transverse and longitudinal waves, with v = fλ',
  'Physics/Light and refraction':
    'Reflection, refraction, refractive index, total internal reflection and thin lenses',
  'Physics/Electromagnetic spectrum':
    'The order, uses and dangers of radio, micro, infrared, visible, ultraviolet, X-ray and gamma waves',
  'Physics/Sound': 'Sound as a longitudinal wave, its speed in different media, echoes, pitch and loudness',
  'Physics/Electric charge and current':
    'Charge, current as the rate of flow of charge, and conventional current direction',
  'Physics/Resistance and circuits':
    'Resistance, V = IR, and current, voltage and resistance in series and parallel circuits',
  'Physics/Electromagnetic induction':
    'How moving a wire in a magnetic field induces a voltage, in generators and transformers',
  'Physics/The nuclear model': 'Protons, neutrons and electrons, nuclide notation and isotopes',
  'Physics/Radioactivity':
    'Alpha, beta and gamma emission, their penetration and ionisation, and background radiation',
  'Physics/Half-life':
    'The time for half the nuclei in a sample to decay, found from decay curves and tables',
  'Physics/The Earth and the Solar System':
    'Day, night, seasons and orbits, and the planets of the Solar System and their properties',
  'Physics/Stars and the Universe':
    'The life cycle of stars, galaxies, redshift and the evidence for the Big Bang',
  // Chemistry
  'Chemistry/Solids, liquids and gases':
    'The three states, the changes between them, and heating and cooling curves',
  'Chemistry/Diffusion':
    'Why particles spread out, and how the mass of a gas particle affects its rate of diffusion',
  'Chemistry/Atomic structure':
    'Protons, neutrons and electrons, proton and mass numbers, isotopes and electron configuration',
  'Chemistry/Ionic bonding':
    'Electron transfer between metals and non-metals, dot-and-cross diagrams and giant ionic lattices',
  'Chemistry/Covalent bonding':
    'Shared pairs of electrons in simple molecules and giant covalent structures such as diamond and graphite',
  'Chemistry/Metallic bonding':
    'Positive ions in a sea of delocalised electrons, and why metals conduct and are malleable',
  'Chemistry/Formulae and equations':
    'Writing formulae from ions and balancing symbol equations, with state symbols',
  'Chemistry/The mole': 'The mole as the chemist’s counting unit: moles, mass and Mr, and molar gas volume',
  'Chemistry/Reacting masses':
    'Using balanced equations and moles to find masses, limiting reactants and percentage yield',
  'Chemistry/Electrolysis':
    'Splitting ionic compounds with electricity, and predicting the products at each electrode',
  'Chemistry/Fuel cells':
    'How a hydrogen-oxygen fuel cell produces electricity, and its advantages and disadvantages',
  'Chemistry/Rates of reaction':
    'How temperature, concentration, surface area and catalysts change the rate, explained by collision theory',
  'Chemistry/Reversible reactions and equilibrium':
    'Reactions that go both ways, dynamic equilibrium, and how conditions shift the position of equilibrium',
  'Chemistry/Redox': 'Oxidation and reduction as gain and loss of oxygen or electrons, and oxidation numbers',
  'Chemistry/Properties of acids and bases':
    'The pH scale, indicators, neutralisation, and strong and weak acids',
  'Chemistry/Preparation of salts':
    'Making soluble salts by titration or excess solid, and insoluble salts by precipitation',
  'Chemistry/Alkanes and alkenes':
    'Saturated and unsaturated hydrocarbons, their combustion and addition reactions',
  'Chemistry/Alcohols': 'Making ethanol by fermentation and from ethene, and its combustion and uses',
  'Chemistry/Polymers': 'Addition and condensation polymerisation, and the problems of disposing of plastics',
  // Biology
  'Biology/Classification':
    'Sorting organisms into groups by shared features, the binomial system and dichotomous keys',
  'Biology/Features of organisms': 'The main features of plants, animals, fungi, bacteria and viruses',
  'Biology/Cell structure': 'The parts of plant, animal and bacterial cells and what each part does',
  'Biology/Size of specimens':
    'Magnification = image size ÷ actual size, and converting between millimetres and micrometres',
  'Biology/Diffusion, osmosis and active transport':
    'How substances move into and out of cells, down and against a concentration gradient',
  'Biology/Carbohydrates, fats and proteins':
    'The building blocks of the large biological molecules and the food tests for them',
  'Biology/Enzyme action':
    'Enzymes as biological catalysts, the active site, and the effects of temperature and pH',
  'Biology/Photosynthesis':
    'How plants make glucose from carbon dioxide and water using light, and the limiting factors',
  'Biology/Leaf structure': 'How the tissues of a leaf are adapted for photosynthesis and gas exchange',
  'Biology/Transpiration':
    'Water loss from leaves, what changes its rate, and how water moves up through the xylem',
  'Biology/Digestion':
    'Mechanical and chemical digestion, the enzymes involved, and absorption in the small intestine',
  'Biology/Circulation':
    'The double circulation, the structure of the heart, and arteries, veins and capillaries',
  'Biology/Gas exchange': 'The features of the gas exchange surface in the lungs, and breathing in and out',
  'Biology/Coordination and response':
    'Nerves, reflex arcs, the eye and hormones, and how the body keeps conditions steady',
  'Biology/DNA and genes': 'Chromosomes, genes and alleles, and how DNA codes for proteins',
  'Biology/Monohybrid inheritance':
    'Punnett squares, dominant and recessive alleles, and predicting the ratios of offspring',
  'Biology/Natural selection':
    'Variation, competition and survival of the fittest, and adaptation over generations',
  'Biology/Food chains and webs':
    'How energy passes between trophic levels, and pyramids of number and biomass',
  'Biology/Nutrient cycles': 'The carbon and nitrogen cycles and the organisms that drive them',
  'Biology/Human influences on ecosystems':
    'Habitat loss, pollution and climate change, and how conservation protects species',
  // Science (lower secondary)
  'Science/Cells and organisms':
    'What living things have in common, and cells as the building blocks of plants and animals',
  'Science/Life processes': 'How plants and animals get energy, grow and reproduce',
  'Science/Ecosystems': 'Habitats, food chains and how living things depend on each other',
  'Science/Materials and their structure': 'Solids, liquids and gases, and elements, compounds and mixtures',
  'Science/Properties of materials':
    'Why we choose particular materials for a job, from conductors to insulators',
  'Science/Changes to materials':
    'Physical and chemical changes, and the signs that a new substance has formed',
  'Science/Forces and energy': 'Pushes, pulls, balanced and unbalanced forces, and energy transfers',
  'Science/Electricity and magnetism': 'Building simple circuits, and how magnets and electromagnets behave',
  'Science/Light and sound': 'How light travels and reflects, and how sounds are made and heard',
  'Science/Planet Earth': 'The structure of the Earth, rocks and the rock cycle',
  'Science/Cycles on Earth': 'The water cycle, weather and the seasons',
  'Science/Earth in space': 'The Sun, the Moon and the planets, and why we have day, night and years',
  'Science/Planning investigations':
    'Asking a scientific question, choosing variables and planning a fair test',
  'Science/Analysing results':
    'Tables, graphs and patterns in data, and writing a conclusion you can support',
  // English Language
  'English Language/Comprehension':
    'Finding explicit and implicit information in a passage and answering in your own words',
  'English Language/Summary writing':
    'Selecting the relevant points from a text and writing them concisely in your own words',
  "English Language/Writer's effect": 'Explaining how a writer’s choice of words creates meaning and effect',
  'English Language/Letters and speeches':
    'Writing for a given audience and purpose in the form of a letter or speech',
  'English Language/Articles and reports':
    'Writing articles and reports that inform, argue or persuade from reading material',
  'English Language/Sensory detail':
    'Building a vivid description with images that appeal to all five senses',
  'English Language/Structure and paragraphing':
    'Shaping a description so that each paragraph moves the reader somewhere new',
  'English Language/Plot and tension':
    'Planning a story with a clear arc and building suspense towards a climax',
  'English Language/Characterisation':
    'Showing a character through action, speech and detail rather than telling',
  // English (lower secondary)
  'English/Fiction': 'Reading stories for plot, character and setting, and the choices the author makes',
  'English/Non-fiction':
    'Reading information texts, reports and persuasive writing, and spotting the writer’s purpose',
  'English/Poetry': 'Reading poems aloud, noticing rhyme and rhythm, and explaining imagery',
  'English/Planning and structure':
    'Planning writing with a clear beginning, middle and end, and linking paragraphs',
  'English/Grammar and punctuation':
    'Sentences, clauses, tenses and the punctuation that makes meaning clear',
  'English/Vocabulary and style': 'Choosing precise words and varying sentences for effect',
  'English/Presentations': 'Preparing and giving a short talk with confidence and a clear structure',
  'English/Group discussion': 'Listening, building on others’ ideas and disagreeing politely in a discussion',
  // Economics
  'Economics/Scarcity and choice': 'Unlimited wants and limited resources, and the factors of production',
  'Economics/Opportunity cost': 'The next best alternative given up whenever a choice is made',
  'Economics/Production possibility curves': 'What a PPC shows about choice, efficiency and economic growth',
  'Economics/Demand and supply':
    'What shifts demand and supply curves, and how the market finds its equilibrium price',
  'Economics/Price elasticity':
    'How strongly demand and supply respond to a price change, and why it matters to firms and governments',
  'Economics/Market failure':
    'External costs and benefits, public and merit goods, and how governments intervene',
  'Economics/Money and banking': 'The functions of money, and what commercial and central banks do',
  'Economics/Firms and production': 'Types of firms, productivity, costs and revenue, and economies of scale',
  'Economics/Labour markets': 'Why wages differ between jobs, and the role of trade unions',
  'Economics/Fiscal policy': 'Government spending and taxation as tools to influence the economy',
  'Economics/Monetary policy':
    'Interest rates and the money supply, and their effects on spending and inflation',
  'Economics/Inflation and unemployment':
    'How inflation and unemployment are measured, their causes and their costs',
  'Economics/Specialisation and free trade':
    'Why countries specialise and trade, and the arguments for and against protection',
  'Economics/Exchange rates': 'How floating exchange rates are set, and what a rise or fall means for trade',
  // Business Studies
  'Business Studies/Business objectives':
    'Survival, growth, profit and social goals, and how objectives change as a business grows',
  'Business Studies/Types of business organisation':
    'Sole traders, partnerships, private and public limited companies, and limited liability',
  'Business Studies/Motivating employees':
    'Maslow, Taylor and Herzberg, and financial and non-financial rewards',
  'Business Studies/Recruitment and training':
    'Job descriptions, internal and external recruitment, and types of training',
  'Business Studies/Market research': 'Primary and secondary research, sampling, and presenting market data',
  'Business Studies/The marketing mix': 'Product, price, place and promotion, and how they work together',
  'Business Studies/Production methods': 'Job, batch and flow production, and lean production',
  'Business Studies/Costs and break-even':
    'Fixed and variable costs, break-even charts and the margin of safety',
  'Business Studies/Sources of finance':
    'Internal and external finance, and choosing the right source for a need',
  'Business Studies/Cash-flow forecasting':
    'Predicting inflows and outflows, and what to do about a cash-flow problem',
  'Business Studies/Income statements':
    'Revenue, cost of sales, gross and net profit, and what they tell stakeholders',
  // Computer Science
  'Computer Science/Number systems':
    'Binary, denary and hexadecimal, conversions between them, and binary addition and shifts',
  'Computer Science/Text, sound and images':
    'How characters, sampled sound and bitmap images are stored as binary',
  'Computer Science/Data compression': 'Lossy and lossless compression, and run-length encoding',
  'Computer Science/Packet switching':
    'How data is split into packets, routed and reassembled across a network',
  'Computer Science/Error detection': 'Parity checks, checksums, check digits and echo checks',
  'Computer Science/Encryption': 'Symmetric and asymmetric encryption, and why data in transit needs it',
  'Computer Science/Computer architecture':
    'The von Neumann model, the fetch-decode-execute cycle and what affects CPU performance',
  'Computer Science/Input and output devices': 'How common input devices, sensors and output devices work',
  'Computer Science/Data storage':
    'Primary and secondary storage, and magnetic, optical and solid-state media',
  'Computer Science/Pseudocode and flowcharts':
    'Writing and reading algorithms in pseudocode and as flowcharts',
  'Computer Science/Searching and sorting': 'Linear search and bubble sort, traced step by step',
  'Computer Science/Validation and testing':
    'Range, length, type and presence checks, and normal, boundary and erroneous test data',
  'Computer Science/Variables and data types':
    'Declaring variables and constants, and choosing integer, real, string or Boolean',
  'Computer Science/Selection and iteration':
    'IF and CASE statements, and count-controlled and condition-controlled loops',
  'Computer Science/Arrays and procedures':
    'One- and two-dimensional arrays, procedures, functions and parameters',
  'Computer Science/Tables and records': 'Fields, records and primary keys in a single-table database',
  'Computer Science/SQL queries': 'Reading and writing SELECT queries with WHERE, ORDER BY, SUM and COUNT',
  // Coordinated Science
  'Coordinated Science/Cell structure and organisation':
    'Plant and animal cells, specialised cells, tissues, organs and systems',
  'Coordinated Science/Movement into and out of cells':
    'Diffusion and osmosis in living cells, with the practical evidence',
  'Coordinated Science/Enzymes':
    'How enzymes speed up reactions and why temperature and pH change their activity',
  'Coordinated Science/Plant nutrition':
    'Photosynthesis, its word and symbol equations, and testing a leaf for starch',
  'Coordinated Science/Human nutrition':
    'A balanced diet, the digestive system and what each enzyme breaks down',
  'Coordinated Science/Respiration':
    'Aerobic and anaerobic respiration and how they release energy from glucose',
  'Coordinated Science/The particulate nature of matter':
    'Particles in solids, liquids and gases, and changes of state',
  'Coordinated Science/Atomic structure and the Periodic Table':
    'Protons, neutrons and electrons, and how electron arrangement places an element in the Periodic Table',
  'Coordinated Science/Bonding and structure':
    'Ionic and covalent bonds and the properties each kind of structure gives',
  'Coordinated Science/Stoichiometry': 'Formulae, balanced equations and simple mole calculations',
  'Coordinated Science/Energy changes in reactions':
    'Exothermic and endothermic reactions and their energy level diagrams',
  'Coordinated Science/Acids, bases and salts': 'pH, neutralisation and the preparation of a soluble salt',
  'Coordinated Science/Motion': 'Speed, acceleration and the graphs that describe motion',
  'Coordinated Science/Energy, work and power': 'Energy stores and transfers, work done and power',
  'Coordinated Science/Thermal physics':
    'The particle model of heating, and conduction, convection and radiation',
  'Coordinated Science/Properties of waves':
    'Transverse and longitudinal waves, and reflection and refraction',
  'Coordinated Science/Electrical quantities': 'Charge, current, potential difference and resistance',
  'Coordinated Science/Electric circuits':
    'Series and parallel circuits and the rules for current and voltage in each',
  // Combined Science
  'Combined Science/Characteristics of living organisms':
    'The seven life processes shared by all living things',
  'Combined Science/Food chains and energy flow':
    'Producers, consumers and the energy lost at each step of a food chain',
  'Combined Science/Nutrition and digestion':
    'Nutrients, the digestive system and the enzymes that break food down',
  'Combined Science/Transport in humans': 'The heart, blood vessels and what blood carries around the body',
  'Combined Science/Gas exchange and respiration': 'Breathing, the alveoli, and aerobic respiration in cells',
  'Combined Science/States of matter': 'Solids, liquids and gases explained with the particle model',
  'Combined Science/Elements, compounds and mixtures':
    'Telling elements, compounds and mixtures apart, and separating mixtures',
  'Combined Science/Rates of reaction': 'Measuring how fast a reaction goes and the factors that speed it up',
  'Combined Science/Properties of metals': 'The physical and chemical properties of metals and their uses',
  'Combined Science/The reactivity series':
    'Ordering metals by reactivity and predicting displacement reactions',
  'Combined Science/Air and water': 'The composition of air, pollutants, and testing and purifying water',
  'Combined Science/Speed and acceleration': 'Calculating speed and acceleration and reading motion graphs',
  'Combined Science/Forces and motion': 'Balanced and unbalanced forces, friction and F = ma',
  'Combined Science/Energy resources':
    'Renewable and non-renewable resources and how power stations generate electricity',
  'Combined Science/Light and lenses': 'Reflection, refraction and how a converging lens forms an image',
  'Combined Science/Current, voltage and resistance': 'Measuring current and voltage, and Ohm’s law',
  // English Literature
  'English Literature/Reading a poem closely':
    'Working through a poem line by line for meaning, imagery and tone',
  'English Literature/Form and structure':
    'How line length, stanza form, rhyme and the order of ideas shape a poem’s meaning',
  'English Literature/Comparing poems':
    'Writing about two poems together, point by point, rather than one after the other',
  'English Literature/Narrative voice':
    'First- and third-person narrators, reliability, and whose eyes we see the story through',
  'English Literature/Characterisation':
    'How a writer builds and develops a character, and what the character is for',
  'English Literature/Setting and atmosphere':
    'How place, time and weather create mood and reflect the themes of a text',
  'English Literature/Dramatic tension':
    'How a playwright builds suspense through conflict, timing and dramatic irony',
  'English Literature/Stagecraft':
    'Stage directions, entrances, exits and props, and a play as something performed',
  'English Literature/Soliloquy and dialogue':
    'What characters reveal alone on stage and what they hide from each other',
  'English Literature/Approaching an unseen text':
    'Reading an unfamiliar poem or extract under time pressure and finding a way in',
  'English Literature/Planning a critical response':
    'Turning first impressions into a clear line of argument in ten minutes',
  'English Literature/Building an argument':
    'A thesis that answers the question, developed paragraph by paragraph',
  'English Literature/Using quotations':
    'Choosing short, embedded quotations and analysing the words within them',
  'English Literature/Context':
    'Bringing in the historical and social background only where it sharpens the reading',
  // Chinese
  'Chinese/Understanding announcements':
    'Picking out times, places and instructions from short public announcements',
  'Chinese/Following conversations':
    'Following who says what in everyday conversations and noting opinions and reasons',
  'Chinese/Characters and radicals':
    'Recognising common radicals and using them to guess the meaning of new characters',
  'Chinese/Reading for gist': 'Getting the main idea of a text quickly without understanding every character',
  'Chinese/Reading for detail': 'Finding specific details such as numbers, times and reasons in longer texts',
  'Chinese/Writing short messages': 'Notes, text messages and emails that cover every point of the task',
  'Chinese/Writing an article':
    'Organising a longer piece with an opening, developed paragraphs and a conclusion',
  'Chinese/Sentence patterns and measure words':
    'Common structures such as 因为…所以… and 虽然…但是…, and choosing the right measure word',
  'Chinese/Role plays':
    'Responding to prompts in everyday situations such as shopping, travel and making plans',
  'Chinese/Topic conversation':
    'Talking about a prepared topic and answering follow-up questions with opinions and reasons',
  'Chinese/Pronunciation and tones':
    'The four tones and the neutral tone, tone changes and clear pinyin pronunciation',
  'Chinese/Home and school life': 'Vocabulary for family, daily routine, school subjects and timetables',
  'Chinese/Travel and the wider world': 'Vocabulary for transport, directions, holidays and the environment',
  'Chinese/Festivals and customs':
    'Spring Festival, the Mid-Autumn Festival and other customs, with the vocabulary around them',
};
