import DefaultTheme from 'vitepress/theme'
import type { Theme } from 'vitepress'
import ExampleUrl from './ExampleUrl.vue'
import './custom.css'

export default {
  extends: DefaultTheme,
  enhanceApp({ app }) {
    app.component('ExampleUrl', ExampleUrl)
  },
} satisfies Theme
