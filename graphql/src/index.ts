export * from './enums';
export * from './constants';
export * from './errors';
export * from './validation';
export * from './slug';
export * from './generated/types';
