package io.github.timesortedid.testsupport;

import org.springframework.aot.generate.GeneratedMethods;
import org.springframework.aot.generate.MethodReference;
import org.springframework.beans.factory.aot.BeanFactoryInitializationCode;
import org.springframework.javapoet.ClassName;

/**
 * The code of a bean factory's initialization for an AOT processor that contributes hints only:
 * generating code would fail the test.
 */
public final class HintsOnly implements BeanFactoryInitializationCode {

	@Override
	public GeneratedMethods getMethods() {
		throw new UnsupportedOperationException("no code expected");
	}

	@Override
	public ClassName getClassName() {
		throw new UnsupportedOperationException("no code expected");
	}

	@Override
	public void addInitializer(MethodReference methodReference) {
		throw new UnsupportedOperationException("no code expected");
	}

}
