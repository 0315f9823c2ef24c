// Prints the seed's course bundle as JSON (run by globalSetup.ts with tsx and the `source` condition).
import { seededCourseBundle } from '@coursekit/api/packaging';

const { bundle } = await seededCourseBundle();
process.stdout.write(JSON.stringify(bundle));
