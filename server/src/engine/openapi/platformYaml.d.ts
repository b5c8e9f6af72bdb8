// js-yaml 4, the version the platform reads specs with (js-yaml 5 refuses some files it reads); typed by @types/js-yaml.
declare module 'js-yaml-4' {
  export { dump, load, YAMLException } from '@types/js-yaml';
}
