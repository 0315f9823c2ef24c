import { runStudioConformance } from '@coursekit/core/testing';
import { createMemoryStudio } from './memoryStudio';

// The memory studio the widget tests and stories use answers as the live API does (core's suite).
const memory = createMemoryStudio();
runStudioConformance('memory studio', { makeStudio: () => memory.studio });
