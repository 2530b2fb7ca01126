export * from './enums';
export * from './constants';
export * from './errors';
export * from './validation';
export * from './slug';
export * from './generated/types';
export * from './return-path';
export * from './generated/input-shapes';
